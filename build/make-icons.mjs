#!/usr/bin/env node
// Renders build/icon.svg with Chromium into the icons electron-builder takes: icon.png (512×512,
// Linux and the fallback), icon.ico (Windows: PNG frames 16…256) and icon.icns (macOS: PNG frames).
// Run after changing the SVG: `node build/make-icons.mjs` (needs /usr/bin/chromium, see STACK.md).
import fs from 'node:fs/promises';
import { chromium } from 'playwright-core';

const here = new URL('./', import.meta.url);
const svg = await fs.readFile(new URL('icon.svg', here), 'utf8');

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
const page = await browser.newPage();
async function render(size) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(
    `<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`,
  );
  return page.screenshot({ omitBackground: true, type: 'png' });
}

const sizes = [16, 32, 48, 64, 128, 256, 512, 1024];
const png = {};
try {
  // One page, one size at a time: the viewport is the icon's size.
  for (const size of sizes) png[size] = await render(size);
} finally {
  await browser.close();
}

// ICO: a directory of entries, each frame stored as PNG (Windows Vista and later read these).
function ico(frames) {
  const header = Buffer.alloc(6 + 16 * frames.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(frames.length, 4);
  let offset = header.length;
  frames.forEach(([size, data], i) => {
    const at = 6 + 16 * i;
    header.writeUInt8(size >= 256 ? 0 : size, at);
    header.writeUInt8(size >= 256 ? 0 : size, at + 1);
    header.writeUInt16LE(1, at + 4);
    header.writeUInt16LE(32, at + 6);
    header.writeUInt32LE(data.length, at + 8);
    header.writeUInt32LE(offset, at + 12);
    offset += data.length;
  });
  return Buffer.concat([header, ...frames.map(([, data]) => data)]);
}

// ICNS: 'icns' + length, then typed chunks; ic07…ic10 hold PNG data of 128…1024 px.
function icns(chunks) {
  const parts = chunks.map(([type, data]) => {
    const head = Buffer.alloc(8);
    head.write(type, 0, 'ascii');
    head.writeUInt32BE(data.length + 8, 4);
    return Buffer.concat([head, data]);
  });
  const head = Buffer.alloc(8);
  head.write('icns', 0, 'ascii');
  head.writeUInt32BE(8 + parts.reduce((sum, part) => sum + part.length, 0), 4);
  return Buffer.concat([head, ...parts]);
}

await fs.writeFile(new URL('icon.png', here), png[512]);
await fs.writeFile(
  new URL('icon.ico', here),
  ico([16, 32, 48, 64, 128, 256].map((size) => [size, png[size]])),
);
await fs.writeFile(
  new URL('icon.icns', here),
  icns([
    ['ic07', png[128]],
    ['ic08', png[256]],
    ['ic09', png[512]],
    ['ic10', png[1024]],
  ]),
);
console.log('build/icon.png, icon.ico, icon.icns written');
