/** Rasterises a story's hand-drawn SVG cover into the WebP and JPEG the app serves. */
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';

export const COVER_WIDTH = 1200;
export const COVER_HEIGHT = 900;

export async function renderCover(
  svgFile: string,
  webpFile: string,
  jpegFile: string,
): Promise<void> {
  const svg = await readFile(svgFile);
  const image = sharp(svg, { density: 72 }).resize(COVER_WIDTH, COVER_HEIGHT, { fit: 'cover' });
  const meta = await sharp(svg).metadata();
  if (meta.width !== COVER_WIDTH || meta.height !== COVER_HEIGHT) {
    throw new Error(
      `${svgFile} must be ${COVER_WIDTH}x${COVER_HEIGHT}, is ${meta.width}x${meta.height}`,
    );
  }
  await image.clone().webp({ quality: 80, effort: 6 }).toFile(webpFile);
  await image
    .clone()
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 82, mozjpeg: true })
    .toFile(jpegFile);
}
