import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useGame, usePrimaryAction } from '../components/game-context';

interface FishType {
  id: string;
  multiplier: number;
}
interface Fish {
  key: number;
  type: FishType;
  x: number;
  y: number;
  vx: number;
  size: number;
  phase: number;
  /** Set when caught: the time it was caught, for the spin-and-fade. */
  caughtAt: number | null;
}
interface Shot {
  fromX: number;
  fromY: number;
  fish: Fish;
  start: number;
  /** Resolved by the server's reply; null while the bet is on its way. */
  caught: boolean | null;
  amount: string;
  done: boolean;
}
interface Float {
  x: number;
  y: number;
  text: string;
  start: number;
  good: boolean;
}

/** Body and fin colours per fish (artwork, drawn by code). */
const palette: Record<string, [string, string]> = {
  clownfish: ['#ff7a1a', '#ffffff'],
  pufferfish: ['#f2d14b', '#b88a00'],
  angelfish: ['#6fc3ff', '#ffe066'],
  lionfish: ['#e4442f', '#ffd2c4'],
  turtle: ['#3a9a4a', '#a8e07a'],
  octopus: ['#c45ab3', '#f2a6e6'],
  stingray: ['#7d8ea3', '#c9d4e0'],
  swordfish: ['#3f6fd8', '#9ec0ff'],
  shark: ['#6b7b8f', '#e6edf5'],
  whale: ['#2f4f8f', '#a9c2ee'],
  mermaid: ['#2bb39a', '#ff8fb1'],
  'golden-dragon': ['#ffc21a', '#ff5a1a'],
};

const BULLET_MS = 320;

/** How likely each fish is to appear: cheap fish often, the big ones rarely. */
function pickType(types: FishType[]): FishType {
  const weights = types.map((t) => 1 / Math.sqrt(t.multiplier));
  let r = Math.random() * weights.reduce((a, b) => a + b, 0);
  for (let i = 0; i < types.length; i++) if ((r -= weights[i]!) < 0) return types[i]!;
  return types[0]!;
}

function drawFish(ctx: CanvasRenderingContext2D, f: Fish, now: number) {
  const [body, fin] = palette[f.type.id] ?? ['#7ad', '#fff'];
  const dir = f.vx >= 0 ? 1 : -1;
  const s = f.size;
  const wag = Math.sin(now / 120 + f.phase) * 0.25;
  ctx.save();
  ctx.translate(f.x, f.y + Math.sin(now / 600 + f.phase) * 4);
  if (f.caughtAt !== null) {
    const k = Math.min(1, (now - f.caughtAt) / 700);
    ctx.rotate(k * Math.PI * 2);
    ctx.globalAlpha = 1 - k;
    ctx.scale(1 + k * 0.4, 1 + k * 0.4);
  }
  ctx.scale(dir, 1);
  // Tail.
  ctx.fillStyle = fin;
  ctx.beginPath();
  ctx.moveTo(-s * 0.8, 0);
  ctx.lineTo(-s * 1.35, -s * (0.45 + wag));
  ctx.lineTo(-s * 1.35, s * (0.45 - wag));
  ctx.closePath();
  ctx.fill();
  // Body.
  const grad = ctx.createLinearGradient(0, -s * 0.6, 0, s * 0.6);
  grad.addColorStop(0, fin);
  grad.addColorStop(0.35, body);
  grad.addColorStop(1, body);
  ctx.fillStyle = grad;
  ctx.beginPath();
  ctx.ellipse(0, 0, s, s * 0.55, 0, 0, Math.PI * 2);
  ctx.fill();
  // Dorsal fin and stripes.
  ctx.fillStyle = fin;
  ctx.beginPath();
  ctx.moveTo(-s * 0.3, -s * 0.5);
  ctx.quadraticCurveTo(0, -s * 1.05, s * 0.35, -s * 0.45);
  ctx.closePath();
  ctx.fill();
  if (f.type.id === 'clownfish' || f.type.id === 'lionfish') {
    ctx.fillStyle = 'rgba(255,255,255,0.85)';
    ctx.fillRect(-s * 0.15, -s * 0.5, s * 0.18, s);
  }
  if (f.type.multiplier >= 100) {
    ctx.strokeStyle = 'rgba(255,240,160,0.9)';
    ctx.lineWidth = 3;
    ctx.beginPath();
    ctx.ellipse(0, 0, s * 1.12, s * 0.68, 0, 0, Math.PI * 2);
    ctx.stroke();
  }
  // Eye.
  ctx.fillStyle = '#fff';
  ctx.beginPath();
  ctx.arc(s * 0.55, -s * 0.12, s * 0.14, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = '#111';
  ctx.beginPath();
  ctx.arc(s * 0.59, -s * 0.12, s * 0.07, 0, Math.PI * 2);
  ctx.fill();
  ctx.restore();
  // The fish's value, readable whichever way it swims.
  if (f.caughtAt === null) {
    ctx.fillStyle = 'rgba(255,255,255,0.85)';
    ctx.font = `600 ${Math.max(11, s * 0.32)}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.fillText(`${f.type.multiplier}×`, f.x, f.y + s * 0.95);
  }
}

/**
 * Fishing: fish swim across a canvas; each shot at a fish is one bet at the bet size and the
 * server decides the catch (`params.fish` names the fish aimed at). The cannon follows the
 * pointer; tapping a fish shoots it, Space shoots the fish nearest the aim.
 */
export function FishingGame() {
  const { t } = useTranslation('games');
  const { session, stake, play, busy, money } = useGame();
  const types = useRef<FishType[]>(
    (Array.isArray(session.rules.fish) ? (session.rules.fish as FishType[]) : []).map((f) => ({
      id: f.id,
      multiplier: Number(f.multiplier),
    })),
  );
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const world = useRef({
    fish: [] as Fish[],
    shots: [] as Shot[],
    floats: [] as Float[],
    aimX: 0,
    aimY: 0,
    w: 800,
    h: 450,
    nextKey: 1,
  });
  const [log, setLog] = useState<
    { key: number; fish: string; multiplier: number; caught: boolean; amount: string }[]
  >([]);
  const busyRef = useRef(busy);
  useEffect(() => {
    busyRef.current = busy;
  }, [busy]);

  const spawn = useCallback((anywhere: boolean) => {
    const w = world.current;
    const type = pickType(types.current);
    const size = 16 + Math.log2(type.multiplier) * 5;
    const fromLeft = Math.random() < 0.5;
    const speed = (28 + Math.random() * 40) / Math.sqrt(size / 16);
    w.fish.push({
      key: w.nextKey++,
      type,
      x: anywhere ? size + Math.random() * (w.w - 2 * size) : fromLeft ? -size * 1.5 : w.w + size * 1.5,
      y: 30 + Math.random() * (w.h * 0.72 - 30),
      vx: fromLeft ? speed : -speed,
      size,
      phase: Math.random() * 6,
      caughtAt: null,
    });
  }, []);

  useEffect(() => {
    const canvas = canvasRef.current!;
    const ctx = canvas.getContext('2d');
    const w = world.current;
    const resize = () => {
      const rect = canvas.getBoundingClientRect();
      const dpr = window.devicePixelRatio || 1;
      w.w = Math.max(200, rect.width);
      w.h = Math.max(160, rect.height);
      canvas.width = Math.round(w.w * dpr);
      canvas.height = Math.round(w.h * dpr);
      ctx?.setTransform(dpr, 0, 0, dpr, 0, 0);
      if (w.aimX === 0) {
        w.aimX = w.w / 2;
        w.aimY = w.h / 2;
      }
    };
    resize();
    const ro = typeof ResizeObserver !== 'undefined' ? new ResizeObserver(resize) : null;
    ro?.observe(canvas);
    if (w.fish.length === 0) for (let i = 0; i < 7; i++) spawn(true);

    let last = performance.now();
    let raf = 0;
    const loop = (now: number) => {
      const dt = Math.min(0.05, (now - last) / 1000);
      last = now;
      if (!ctx) return;
      // Water.
      const sea = ctx.createLinearGradient(0, 0, 0, w.h);
      sea.addColorStop(0, '#0d5f8f');
      sea.addColorStop(1, '#06243f');
      ctx.fillStyle = sea;
      ctx.fillRect(0, 0, w.w, w.h);
      ctx.fillStyle = 'rgba(255,255,255,0.05)';
      for (let i = 0; i < 6; i++) {
        const x = ((now / 40 + i * 173) % (w.w + 200)) - 100;
        ctx.beginPath();
        ctx.moveTo(x, 0);
        ctx.lineTo(x + 60, 0);
        ctx.lineTo(x + 160, w.h);
        ctx.lineTo(x + 80, w.h);
        ctx.fill();
      }
      // Sand.
      ctx.fillStyle = '#c9a86a';
      ctx.beginPath();
      ctx.moveTo(0, w.h);
      for (let x = 0; x <= w.w; x += 20) ctx.lineTo(x, w.h - 14 - Math.sin(x / 60) * 5);
      ctx.lineTo(w.w, w.h);
      ctx.fill();

      // Fish.
      w.fish = w.fish.filter((f) => {
        if (f.caughtAt !== null) return now - f.caughtAt < 700;
        // A fish being shot at waits for the result.
        const targeted = w.shots.some((s) => s.fish === f && !s.done);
        if (!targeted) f.x += f.vx * dt;
        return f.x > -f.size * 2 && f.x < w.w + f.size * 2;
      });
      while (w.fish.filter((f) => f.caughtAt === null).length < 7) spawn(false);
      for (const f of w.fish) drawFish(ctx, f, now);

      // Shots: a ball flies to the fish; on arrival with the reply, catch or miss.
      for (const s of w.shots) {
        const k = Math.min(1, (now - s.start) / BULLET_MS);
        const x = s.fromX + (s.fish.x - s.fromX) * k;
        const y = s.fromY + (s.fish.y - s.fromY) * k;
        if (k < 1 || s.caught === null) {
          ctx.fillStyle = '#ffe27a';
          ctx.beginPath();
          ctx.arc(x, y, 5, 0, Math.PI * 2);
          ctx.fill();
          continue;
        }
        if (!s.done) {
          s.done = true;
          if (s.caught) {
            s.fish.caughtAt = now;
            w.floats.push({ x: s.fish.x, y: s.fish.y, text: `+${s.amount}`, start: now, good: true });
          } else {
            w.floats.push({ x: s.fish.x, y: s.fish.y, text: '✕', start: now, good: false });
          }
        }
      }
      w.shots = w.shots.filter((s) => !s.done);
      // Net bursts and amounts.
      w.floats = w.floats.filter((f) => now - f.start < 1200);
      for (const f of w.floats) {
        const k = (now - f.start) / 1200;
        ctx.globalAlpha = 1 - k;
        ctx.strokeStyle = f.good ? '#ffe27a' : 'rgba(255,255,255,0.7)';
        ctx.lineWidth = 2;
        ctx.beginPath();
        ctx.arc(f.x, f.y, 10 + k * 30, 0, Math.PI * 2);
        ctx.stroke();
        ctx.fillStyle = f.good ? '#ffe27a' : '#ffffff';
        ctx.font = `800 ${f.good ? 22 : 16}px system-ui, sans-serif`;
        ctx.textAlign = 'center';
        ctx.fillText(f.text, f.x, f.y - 20 - k * 40);
        ctx.globalAlpha = 1;
      }

      // Cannon.
      const cx = w.w / 2;
      const cy = w.h - 6;
      const angle = Math.atan2(w.aimY - cy, w.aimX - cx);
      ctx.save();
      ctx.translate(cx, cy);
      ctx.rotate(angle);
      ctx.fillStyle = '#9aa6b5';
      ctx.fillRect(0, -9, 48, 18);
      ctx.fillStyle = '#f2b33d';
      ctx.fillRect(40, -11, 10, 22);
      ctx.restore();
      ctx.fillStyle = '#5d6e83';
      ctx.beginPath();
      ctx.arc(cx, cy, 24, Math.PI, 0);
      ctx.fill();
      // Aim ring.
      ctx.strokeStyle = busyRef.current ? 'rgba(255,255,255,0.25)' : 'rgba(255,226,122,0.8)';
      ctx.lineWidth = 2;
      ctx.beginPath();
      ctx.arc(w.aimX, w.aimY, 14, 0, Math.PI * 2);
      ctx.stroke();

      raf = requestAnimationFrame(loop);
    };
    raf = requestAnimationFrame(loop);
    return () => {
      cancelAnimationFrame(raf);
      ro?.disconnect();
    };
  }, [spawn]);

  const shoot = useCallback(
    async (fish: Fish) => {
      const w = world.current;
      const shot: Shot = {
        fromX: w.w / 2,
        fromY: w.h - 6,
        fish,
        start: performance.now(),
        caught: null,
        amount: '',
        done: false,
      };
      w.shots.push(shot);
      const reply = await play({ action: 'play', stake: stake.toString(), params: { fish: fish.type.id } });
      if (!reply) {
        shot.caught = false;
        return;
      }
      const outcome = reply.round.outcome as { caught: boolean };
      shot.amount = money(reply.round.payout);
      shot.caught = outcome.caught;
      setLog((l) =>
        [
          {
            key: fish.key,
            fish: fish.type.id,
            multiplier: fish.type.multiplier,
            caught: outcome.caught,
            amount: reply.round.payout,
          },
          ...l,
        ].slice(0, 6),
      );
    },
    [play, stake, money],
  );

  const fishAt = (x: number, y: number, slack = 1) =>
    world.current.fish
      .filter((f) => f.caughtAt === null)
      .map((f) => ({
        f,
        d: Math.hypot((f.x - x) / (f.size * 1.2 * slack), (f.y - y) / (f.size * 0.8 * slack)),
      }))
      .filter((e) => e.d <= 1)
      .sort((a, b) => a.d - b.d)[0]?.f;

  const aimAt = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    world.current.aimX = e.clientX - rect.left;
    world.current.aimY = e.clientY - rect.top;
  };

  const nearestToAim = () => {
    const w = world.current;
    return w.fish
      .filter((f) => f.caughtAt === null && f.x > 0 && f.x < w.w)
      .sort((a, b) => Math.hypot(a.x - w.aimX, a.y - w.aimY) - Math.hypot(b.x - w.aimX, b.y - w.aimY))[0];
  };

  usePrimaryAction(() => {
    const f = nearestToAim();
    if (f) void shoot(f);
  }, !busy);

  return (
    <div className="fishing">
      <canvas
        ref={canvasRef}
        className="fishing__canvas"
        data-testid="fishing-canvas"
        aria-label={t('fishing_canvas')}
        role="img"
        onPointerMove={aimAt}
        onPointerDown={(e) => {
          aimAt(e);
          if (busyRef.current) return;
          const rect = e.currentTarget.getBoundingClientRect();
          const f = fishAt(e.clientX - rect.left, e.clientY - rect.top, 1.3);
          if (f) void shoot(f);
        }}
      />
      <div className="fishing__side">
        <p className="fishing__hint">{t('fishing_hint')}</p>
        <ol className="fishing__log" aria-live="polite" data-testid="fishing-log">
          {log.map((e, i) => (
            <li key={`${e.key}-${i}`} className={e.caught ? 'win' : 'loss'}>
              {e.caught
                ? t('fish_caught', {
                    fish: t(`fish_name.${e.fish}`, { defaultValue: e.fish }),
                    multiplier: e.multiplier,
                    amount: money(e.amount),
                  })
                : t('fish_missed', { fish: t(`fish_name.${e.fish}`, { defaultValue: e.fish }) })}
            </li>
          ))}
        </ol>
        <button
          type="button"
          className="game-button game-button--primary"
          disabled={busy}
          data-testid="fire"
          onClick={() => {
            const f = nearestToAim();
            if (f) void shoot(f);
          }}
        >
          {t('fire')}
        </button>
      </div>
    </div>
  );
}
