import { Router } from 'express'
import { adminEndpoint } from '../../http/endpoint'
import { reviewDecisionSchema, reviewQueueSchema } from './review.schemas'
import { listContributionsForReview, listVideosForReview, reviewContribution, reviewVideo } from './review.service'

// Under /api/Member: the specification's five groups stay the whole API; these need an admin token.
export const reviewRoutes = Router()

reviewRoutes.post(
  '/reviewContributions',
  adminEndpoint(reviewQueueSchema, (input) => listContributionsForReview(input)),
)
reviewRoutes.post(
  '/reviewContribution',
  adminEndpoint(reviewDecisionSchema, (input) => reviewContribution(input)),
)
reviewRoutes.post(
  '/reviewVideos',
  adminEndpoint(reviewQueueSchema, (input) => listVideosForReview(input)),
)
reviewRoutes.post(
  '/reviewVideo',
  adminEndpoint(reviewDecisionSchema, (input) => reviewVideo(input)),
)
