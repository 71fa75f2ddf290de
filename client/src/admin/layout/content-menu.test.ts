import { contentEntities } from '../entities/content-entities'
import { contentMenu } from './content-menu'

describe('contentMenu', () => {
  test('names every content entity, in order, by its path and title', () => {
    expect(contentMenu).toEqual(contentEntities.map(({ path, config }) => ({ path, title: config.title })))
  })
})
