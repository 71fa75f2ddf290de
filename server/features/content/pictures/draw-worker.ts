// Worker thread for drawing many pictures at once: receives a list of pictures, answers with their PNGs.
import { parentPort } from 'node:worker_threads'
import { drawPicture, type Picture } from './pictures'

parentPort?.on('message', (pictures: Picture[]) => {
  const images = pictures.map((picture) => new Uint8Array(drawPicture(picture)))
  parentPort?.postMessage(
    images,
    images.map((image) => image.buffer as ArrayBuffer),
  )
})
