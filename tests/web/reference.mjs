// reference.mjs: independent JavaScript references for the wrapper tests,
// written from the papers, not from core/ (nothing here calls the wasm).
//
//   phi(law, v)            the friction laws Φ(v)
//       Coulomb-viscous  Φ = Fc·sgn v + D·v                     Kikuuwe eq. 24
//       Stribeck         Φ = ((Fs−Fc)·e^(−|v/vs|^α) + Fc)·sgn v + D·v
//                                                               Cisneros eq. 21
//       rational         Φ = (γv² + a·v + β)/(v + δ) for v ≥ 0, odd for v < 0,
//                        γ = D, r = (Fs−Fc)/vs − D, δ = (Fs−Fc)/(r + D),
//                        a = D·δ + Fc, β = Fs·δ             Cisneros eqs. 33, 38-42
//       Φ(0) = 0 (the law is set-valued at rest).
//   phiPlus0(law)          Φ(+0): Fc (Coulomb-viscous) or Fs
//   phiZApprox(law, Z, x)  Kikuuwe eq. 46: Φ(x) where |x/Z| > |Φ(x)|, x/Z elsewhere
//   w0Residual(x, w)       (w·e^w − x)/x evaluated in double-double (~1e-30),
//                          so the residual measured is W0's, not the test's
//   STRIBECK_PAPER ...     the parameter sets of the papers
export const STRIBECK_PAPER = { kind: 'stribeck', Fs: 2.5, Fc: 0.4, vs: 0.06, D: 4.5, alpha: 1 };
export const RATIONAL_PAPER = { kind: 'rational', Fs: 2.5, Fc: 0.2, vs: 0.04, D: 4.5 };
export const COULOMB_PAPER = { kind: 'coulomb-viscous', Fc: 1.0, D: 4.5 };
export const Z_PAPER = 1 / 55; // 1/(K·T + B), K = 5000, T = 1e-3, B = 50 (Cisneros Fig. 4)

function phiPos(law, v) {
  const D = law.D || 0;
  switch (law.kind) {
    case 'coulomb-viscous':
      return law.Fc + D * v;
    case 'stribeck': {
      const a = law.alpha ?? 1;
      return (law.Fs - law.Fc) * Math.exp(-((v / law.vs) ** a)) + law.Fc + D * v;
    }
    case 'rational': {
      const r = (law.Fs - law.Fc) / law.vs - D; // eq. 38
      const delta = (law.Fs - law.Fc) / (r + D); // eq. 40
      const alpha = D * delta + law.Fc; // eq. 41
      const beta = law.Fs * delta; // eq. 42
      return (D * v * v + alpha * v + beta) / (v + delta); // eq. 33
    }
    default:
      throw new Error(`reference: unknown law ${law.kind}`);
  }
}

export function phi(law, v) {
  if (v === 0) return 0;
  return v > 0 ? phiPos(law, v) : -phiPos(law, -v);
}

export function phiPlus0(law) {
  return law.kind === 'coulomb-viscous' ? law.Fc : law.Fs;
}

export function phiZApprox(law, Z, x) {
  const p = phi(law, x);
  return Math.abs(x / Z) > Math.abs(p) ? p : x / Z;
}

// ---------------------------------------------------------- double-double
// Error-free transformations (Dekker, Knuth); a value is [hi, lo].
function twoSum(a, b) {
  const s = a + b;
  const bb = s - a;
  return [s, (a - (s - bb)) + (b - bb)];
}
const SPLIT = 134217729; // 2^27 + 1
function split(a) {
  const c = SPLIT * a;
  const hi = c - (c - a);
  return [hi, a - hi];
}
function twoProd(a, b) {
  const p = a * b;
  const [ah, al] = split(a);
  const [bh, bl] = split(b);
  return [p, ((ah * bh - p) + ah * bl + al * bh) + al * bl];
}
function ddAdd([ah, al], [bh, bl]) {
  const [s, e] = twoSum(ah, bh);
  const [h, l] = twoSum(s, e + al + bl);
  return [h, l];
}
function ddMulD([ah, al], b) {
  const [p, e] = twoProd(ah, b);
  return twoSum(p, e + al * b);
}
function ddMul([ah, al], [bh, bl]) {
  const [p, e] = twoProd(ah, bh);
  return twoSum(p, e + ah * bl + al * bh);
}
function ddDivD([ah, al], b) {
  const q1 = ah / b;
  const r = ddAdd([ah, al], ddMulD([q1, 0], -b));
  const q2 = r[0] / b;
  return twoSum(q1, q2);
}
const LN2_DD = [0.6931471805599453, 2.3190468138462996e-17];

/** e^w as a double-double, w finite and |w| < 700. */
export function ddExp(w) {
  const k = Math.round(w / LN2_DD[0]);
  // r = w − k·ln2 in double-double
  let r = ddAdd([w, 0], ddMulD(LN2_DD, -k));
  // e^r = (e^(r/256))^256: Taylor series of e^(r/256), |r/256| < 0.0014
  r = [r[0] / 256, r[1] / 256];
  let sum = [1, 0];
  let term = [1, 0];
  for (let i = 1; i < 14; i++) {
    term = ddDivD(ddMul(term, r), i);
    sum = ddAdd(sum, term);
  }
  for (let i = 0; i < 8; i++) sum = ddMul(sum, sum);
  const s = 2 ** k;
  return [sum[0] * s, sum[1] * s];
}

/** (w·e^w − x)/x, evaluated in double-double. */
export function w0Residual(x, w) {
  const p = ddMulD(ddExp(w), w);
  const d = ddAdd(p, [-x, 0]);
  return (d[0] + d[1]) / x;
}
