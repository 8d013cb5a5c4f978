/**
 * Makes the installed app's icons from the logo (public/favicon.svg), once; the PNGs are committed
 * in public/icons (decision 039). Run again after the logo changes:
 *   node --import tsx scripts/generate-app-icons.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const logo = fs.readFileSync(path.join(root, 'public/favicon.svg'));
/** The logo's square (favicon.svg's rect). */
const LOGO_COLOUR = '#b4441f';
const outDir = path.join(root, 'public/icons');
fs.mkdirSync(outDir, { recursive: true });

/** The logo drawn `size` pixels square. */
const logoAt = (size: number) => sharp(logo, { density: 72 * (size / 64) * 2 }).resize(size, size);

/** The logo filling the icon (its rounded square is the icon's shape). */
async function plain(size: number, file: string) {
  await logoAt(size).png({ compressionLevel: 9 }).toFile(path.join(outDir, file));
}

/**
 * The logo on a full square of its own colour, drawn at `share` of the size: for the maskable icon
 * inside the central 80 % safe zone, so any mask a platform cuts (circle, squircle) leaves the
 * whole book; for the apple-touch-icon edge to edge (iOS rounds the corners itself and would show
 * the logo's transparent corners as black).
 */
async function fullBleed(size: number, share: number, file: string) {
  const inner = Math.round(size * share);
  await sharp({
    create: { width: size, height: size, channels: 4, background: LOGO_COLOUR },
  })
    .composite([{ input: await logoAt(inner).png().toBuffer(), gravity: 'center' }])
    .png({ compressionLevel: 9 })
    .toFile(path.join(outDir, file));
}

await plain(192, 'icon-192.png');
await plain(512, 'icon-512.png');
await fullBleed(512, 0.8, 'icon-maskable-512.png');
await fullBleed(180, 1, 'apple-touch-icon.png');
console.log(`icons written to ${path.relative(root, outDir)}`);
