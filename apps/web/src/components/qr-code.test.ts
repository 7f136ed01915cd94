import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { layoutQr, qrDefaults } from './qr-code';

describe('layoutQr (spec §9 QR defaults)', () => {
  const text = 'https://demo.example.com/register?referralCode=ABCD2345';
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const layout = layoutQr(text);

  it('draws the encoder’s matrix at level M inside the 20-unit margin of an 800-unit code', () => {
    expect(qr.errorCorrectionLevel.bit).toBe(
      QRCode.create('x', { errorCorrectionLevel: 'M' }).errorCorrectionLevel.bit,
    );
    expect(layout.count).toBe(qr.modules.size);
    expect(layout.unit * layout.count + 2 * qrDefaults.margin).toBeCloseTo(qrDefaults.size, 6);
    for (const s of layout.squares) {
      expect(s.x).toBeGreaterThanOrEqual(qrDefaults.margin - 1e-9);
      expect(s.x + s.side).toBeLessThanOrEqual(qrDefaults.size - qrDefaults.margin + 1e-9);
    }
  });

  it('keeps finder patterns whole, shrinks data modules to 0.35 dots, and clears the 0.2 logo square', () => {
    const whole = layout.squares.filter((s) => Math.abs(s.side - layout.unit) < 1e-9);
    const dots = layout.squares.filter((s) => Math.abs(s.side - layout.unit * qrDefaults.dotScale) < 1e-9);
    expect(whole.length + dots.length).toBe(layout.squares.length);
    // The top-left finder's corner module is whole, at the margin.
    expect(whole.some((s) => s.x === qrDefaults.margin && s.y === qrDefaults.margin)).toBe(true);
    expect(dots.length).toBeGreaterThan(100);
    expect(layout.logo.side).toBe(qrDefaults.size * qrDefaults.logoScale);
    const { x, side } = layout.logo;
    const inLogo = layout.squares.filter(
      (s) => s.x + s.side > x && s.x < x + side && s.y + s.side > x && s.y < x + side,
    );
    expect(inLogo).toEqual([]);
    // Every dark module outside the logo is drawn exactly once.
    let dark = 0;
    for (let r = 0; r < layout.count; r++)
      for (let c = 0; c < layout.count; c++) {
        if (!qr.modules.get(r, c)) continue;
        const px = qrDefaults.margin + c * layout.unit;
        const py = qrDefaults.margin + r * layout.unit;
        if (px + layout.unit > x && px < x + side && py + layout.unit > x && py < x + side) continue;
        dark++;
      }
    expect(layout.squares.length).toBe(dark);
  });
});
