/*
 * bench_ref.h: an independent transcription of the reference friction
 * budget (Rhoban/bam bam/model.py compute_frictions, in the reference's
 * order of operations), written from ../shared/data/bam/README.md for the
 * bench tests. Nothing from core/src.
 */
#ifndef BENCH_REF_H
#define BENCH_REF_H

#include "fric_servo.h"

double bench_ref_sign(double x);                          /* −1, 0, +1 */
double bench_ref_clip(double x, double lo, double hi);
/* τ_f^m frictionloss part at velocity dq for motor torque tm, external te [N·m]. */
double bench_ref_budget(const fric_servo_friction *k, double tm, double te, double dq);

#endif
