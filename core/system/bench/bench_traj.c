/*
 * bench_traj.c: the identification trajectories of Duclusaud & Passault
 * (§V-A, described in words only) as the reference code defines them
 * (Rhoban/bam bam/trajectory.py, Apache-2.0, Copyright 2025 Marc Duclusaud &
 * Grégoire Passault):
 *   sin_sin          θd = sin(t)·π/2 + sin(5t)·0.5·sin(2t)   ("slow
 *                    oscillations with smaller sub-oscillations")
 *   sin_time_square  θd = sin(t²)                             ("accelerated
 *                    oscillations")
 *   lift_and_drop    cubic from (0 s, 0 rad) to (2 s, −π/2), zero velocity at
 *                    both ends; torque enabled for t < 2 s only ("lift and drop")
 *   up_and_down      cubic through (0, 0), (3 s, π/2), (6 s, 0.8·π/2), zero
 *                    velocity at each knot ("raising and lowering slowly")
 * Before the first knot the first value is held, after the last the last.
 * The reference evaluates each cubic segment by solving the 4×4 system of
 * its end values and slopes with numpy; that cubic is the Hermite cubic
 * written below (same polynomial, different rounding, ~1e-16 rad). Replays
 * use the logged goal, not these functions.
 */
#include <math.h>

#include "fric_bench.h"

#define PI 3.141592653589793

typedef struct { double t, x, dx; } knot;

/* Cubic Hermite interpolation through knots (t_i, x_i, x'_i). */
static double cubic(const knot *k, int n, double t)
{
    if (t < k[0].t) return k[0].x;
    if (t > k[n - 1].t) return k[n - 1].x;
    for (int i = 0; i + 1 < n; i++) {
        if (t <= k[i + 1].t) {
            double h = k[i + 1].t - k[i].t, u = (t - k[i].t) / h;
            double u2 = u * u, u3 = u2 * u;
            double h00 = 2 * u3 - 3 * u2 + 1, h10 = u3 - 2 * u2 + u;
            double h01 = -2 * u3 + 3 * u2, h11 = u3 - u2;
            return h00 * k[i].x + h10 * h * k[i].dx + h01 * k[i + 1].x + h11 * h * k[i + 1].dx;
        }
    }
    return k[n - 1].x;
}

const char *const fric_bench_traj_names[FRIC_BENCH_N_TRAJ] = {
    [FRIC_TRAJ_SIN_SIN] = "sin_sin", [FRIC_TRAJ_SIN_TIME_SQUARE] = "sin_time_square",
    [FRIC_TRAJ_LIFT_AND_DROP] = "lift_and_drop", [FRIC_TRAJ_UP_AND_DOWN] = "up_and_down",
    [FRIC_TRAJ_GOAL] = "goal", [FRIC_TRAJ_TORQUE_OFF] = "torque_off",
};

double fric_bench_traj_goal(fric_bench_traj kind, double t, double goal_angle,
                            int *torque_enable)
{
    int te = 1;
    double g;
    switch (kind) {
    case FRIC_TRAJ_SIN_SIN:
        g = sin(t) * PI / 2 + sin(5.0 * t) * 0.5 * sin(t * 2.0);
        break;
    case FRIC_TRAJ_SIN_TIME_SQUARE:
        g = sin(t * t);
        break;
    case FRIC_TRAJ_LIFT_AND_DROP: {
        static const knot k[] = { { 0.0, 0.0, 0.0 }, { 2.0, -PI / 2, 0.0 } };
        g = cubic(k, 2, t);
        te = t < 2.0;
        break;
    }
    case FRIC_TRAJ_UP_AND_DOWN: {
        static const knot k[] = { { 0.0, 0.0, 0.0 }, { 3.0, PI / 2, 0.0 },
                                  { 6.0, 0.8 * PI / 2, 0.0 } };
        g = cubic(k, 3, t);
        break;
    }
    case FRIC_TRAJ_GOAL:
        g = goal_angle;
        break;
    case FRIC_TRAJ_TORQUE_OFF:
        g = goal_angle;
        te = 0;
        break;
    default:
        g = NAN;
        te = 0;
        break;
    }
    if (torque_enable) *torque_enable = te;
    return g;
}
