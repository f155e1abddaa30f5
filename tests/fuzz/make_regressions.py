#!/usr/bin/env python3
"""tests/fuzz/make_regressions.py: writes the saved fuzz_law inputs of
tests/fuzz/regressions/fuzz_law/ from the findings listed below (values as the
fuzzer printed them, %.17g), in fuzz_law.c's input encoding, so that each one
is readable here and replayable by `make fuzz-regress`. Run it from the
repository root after adding a finding; docs/fuzzing.md lists what each is.

Encoding (fuzz_law.c, fuzz_input.h): kind byte; Fc, Fs - Fc, vs as law_param
(byte 0 = wild double, then selector 0 = 8 raw bytes, big-endian); D byte
(>= 64: a law_param follows; < 64: D = 0); alpha byte (< 128: alpha = 1;
else 1 + law_param); Z as law_param; x byte (< 64: wild double follows); the
table selector byte; for Coulomb-viscous the second coordinate of the 2-D x.
"""
import struct, os, sys

def raw(d):                      # law_param / fuzz_double: exact double
    return bytes([0, 0]) + struct.pack('>d', d)

def encode(kind, Fs, Fc, vs, D, alpha, Z, x, x2=0.0):
    dFs = Fs - Fc
    assert Fc + dFs == Fs, 'Fs - Fc not exact'
    b = bytes([kind]) + raw(Fc) + raw(dFs) + raw(vs)
    b += bytes([0]) if D == 0 else bytes([255]) + raw(D)
    b += bytes([0]) if alpha == 1 else bytes([255]) + raw(alpha - 1)
    b += raw(Z)
    b += bytes([0, 0]) + struct.pack('>d', x)       # x: wild double, raw bits
    b += bytes([0])                                 # no table
    if kind == 0:
        b += bytes([0]) + struct.pack('>d', x2)
    return b

DBL_MAX, DBL_MIN = sys.float_info.max, sys.float_info.min
# name: (kind, Fs, Fc, vs, D, alpha, Z, x[, x2])   kinds: 0 Coulomb-viscous, 1 Stribeck, 2 rational
FINDINGS = {
    # an accepted law never gives NaN or inf: Stribeck, subnormal Z, Φ_Z = +inf for an accepted law (phi_z.c)
    'stribeck_subnormal_Z_inf': (1, 217.1875, 0.0, 0.0021718750000000002, 217.1875, 1, 4.9406564584124654e-324, 1e-08),
    # an accepted law never gives NaN or inf: Stribeck, Z = 1.4e-314: |Φ_Z| above Φ(+0) + D|x| (phi_z.c)
    'stribeck_subnormal_Z_above_bound': (1, 0.072812500000000002, 0.036406250000000001, 9.9999999999999995e-07, 10.46875, 1, 1.4009459211379156e-314, 1.7621710069920325e-312),
    # an accepted law never gives NaN or inf: rational, vs = DBL_MAX: Φ_Z NaN (phi_z.c)
    'rational_vs_dblmax_nan': (2, 1000.00109375, 1000.0, DBL_MAX, 0.0, 1, 1.1015624999999999e-121, 1e-08),
    # an accepted law never gives NaN or inf: rational, vs = DBL_MAX: Φ(DBL_MAX) = NaN (law.c: inf/inf)
    'rational_vs_dblmax_phi_nan': (2, 1000000010.0, 1000000000.0, DBL_MAX, 0.0, 1, 10.0, DBL_MAX),
    # an accepted law never gives NaN or inf: rational, vs = 5e307: Φ(1.1e74) = inf (law.c: (Fs-Fc)·vs overflows)
    'rational_vs_huge_phi_inf': (2, 10.0014375, 0.0014375, 5.0717294661969669e+307, 0.0, 1, 1.0, 1.0954451801625983e+74),
    # an accepted law never gives NaN or inf: 2-D transform, subnormal Z: (inf, NaN) (phi_z_2d.c)
    'coulomb_2d_subnormal_Z': (0, 0.36787944117144233, 0.36787944117144233, 0.0, 0.0, 1, 2.0236928853657458e-320, 6.6818427561643732e-310, 0.0),
    # new: 2-D transform at x = (DBL_MAX, 0): |y| = 1.00000000014·Fc > Fc (phi_z_2d.c)
    'coulomb_2d_dblmax_above_Fc': (0, 9.9999999999999995e-07, 9.9999999999999995e-07, 0.0, 0.0, 1, 0.021406250000000002, DBL_MAX, 0.0),
}

if __name__ == '__main__':
    out = 'tests/fuzz/regressions/fuzz_law'
    os.makedirs(out, exist_ok=True)
    for name, f in FINDINGS.items():
        with open(os.path.join(out, name), 'wb') as fh:
            fh.write(encode(*f))
    print(f'{len(FINDINGS)} inputs written to {out}/')
