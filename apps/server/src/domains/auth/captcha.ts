import { randomInt } from 'node:crypto';

/**
 * A small captcha: digits drawn as a 5x7 dot matrix of jittered rectangles with noise lines, as SVG.
 * The digits are not present as text in the image (no <text>), so reading them needs OCR.
 */
const FONT: Record<string, string[]> = {
  '0': ['01110', '10001', '10011', '10101', '11001', '10001', '01110'],
  '1': ['00100', '01100', '00100', '00100', '00100', '00100', '01110'],
  '2': ['01110', '10001', '00001', '00010', '00100', '01000', '11111'],
  '3': ['11111', '00010', '00100', '00010', '00001', '10001', '01110'],
  '4': ['00010', '00110', '01010', '10010', '11111', '00010', '00010'],
  '5': ['11111', '10000', '11110', '00001', '00001', '10001', '01110'],
  '6': ['00110', '01000', '10000', '11110', '10001', '10001', '01110'],
  '7': ['11111', '00001', '00010', '00100', '01000', '01000', '01000'],
  '8': ['01110', '10001', '10001', '01110', '10001', '10001', '01110'],
  '9': ['01110', '10001', '10001', '01111', '00001', '00010', '01100'],
};

export function randomCode(length: number): string {
  let s = '';
  for (let i = 0; i < length; i++) s += String(randomInt(0, 10));
  return s;
}

const COLORS = ['#1f4e9c', '#3b75f0', '#c0392b', '#16a085', '#8e44ad', '#d35400'];

export function captchaSvg(code: string, width = 120, height = 40): string {
  const parts: string[] = [];
  const cell = 3.2;
  const glyphW = 5 * cell;
  const gap = (width - code.length * glyphW) / (code.length + 1);
  [...code].forEach((ch, i) => {
    const rows = FONT[ch] ?? FONT['0'];
    const x0 = gap + i * (glyphW + gap);
    const y0 = (height - 7 * cell) / 2 + randomInt(-4, 5);
    const rot = randomInt(-20, 21);
    const color = COLORS[randomInt(0, COLORS.length)];
    const rects: string[] = [];
    rows.forEach((row, r) => {
      for (let c = 0; c < 5; c++) {
        if (row[c] !== '1') continue;
        const jx = (randomInt(-3, 4) / 10).toFixed(1);
        const jy = (randomInt(-3, 4) / 10).toFixed(1);
        rects.push(
          `<rect x="${(c * cell + Number(jx)).toFixed(1)}" y="${(r * cell + Number(jy)).toFixed(1)}" width="${cell}" height="${cell}"/>`,
        );
      }
    });
    parts.push(
      `<g fill="${color}" transform="translate(${x0.toFixed(1)} ${y0.toFixed(1)}) rotate(${rot} ${glyphW / 2} ${(7 * cell) / 2})">${rects.join('')}</g>`,
    );
  });
  for (let i = 0; i < 5; i++) {
    parts.push(
      `<line x1="${randomInt(0, width)}" y1="${randomInt(0, height)}" x2="${randomInt(0, width)}" y2="${randomInt(0, height)}" stroke="${COLORS[randomInt(0, COLORS.length)]}" stroke-width="1" opacity="0.6"/>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="100%" height="100%" fill="#f4f6fa"/>${parts.join('')}</svg>`;
}
