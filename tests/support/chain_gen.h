/*
 * chain_gen.h: random chains for the chain family's tests
 * (tests/system/chain/): a deterministic generator (xorshift64*,
 * independent of the platform's rand()) and chains of random links on the
 * geared motor of simulation 1 (../shared/specs/seed002-multijoint.md §6,
 * K_M per A1). Test inputs only; nothing of the chain's code.
 */
#ifndef CHAIN_GEN_H
#define CHAIN_GEN_H

#include <stdint.h>

#include "fric_chain.h"

/* The generator's state: seed it, then draw with chain_gen_urand. */
extern uint64_t chain_gen_rng;

/* Uniform in [lo, hi) (xorshift64*, 53 bits). */
double chain_gen_urand(double lo, double hi);

/* The motor of simulation 1 (sheet §6), joint-side friction (g = 1). */
fric_chain_motor chain_gen_sim1_motor(void);

/* n random links into links[0..n-1] (length L in [0.1, L_hi] m, mass in
 * [m_lo, m_hi] kg, centre of mass anywhere on the link, inertia in
 * [0, I_hi] kg·m², drawn in that order from chain_gen_rng), sim-1 motors
 * into motors[0..n-1], and the model m of them: gravity g [m/s²], two
 * contact candidates at the distal corners (±0.05 m) of the last link, the
 * ground at ground_y [m], μ_s = 0.6, μ_k = 0.5. */
void chain_gen_random(fric_chain_link *links, fric_chain_motor *motors, fric_chain_model *m,
                      int n, double L_hi, double m_lo, double m_hi, double I_hi, double g,
                      double ground_y);

#endif
