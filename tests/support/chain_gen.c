/* chain_gen.c: random chains for the chain family's tests (chain_gen.h). */
#include "chain_gen.h"

uint64_t chain_gen_rng;

double chain_gen_urand(double lo, double hi)
{
    chain_gen_rng ^= chain_gen_rng >> 12;   /* xorshift64* */
    chain_gen_rng ^= chain_gen_rng << 25;
    chain_gen_rng ^= chain_gen_rng >> 27;
    const uint64_t r = chain_gen_rng * 2685821657736338717ULL;
    return lo + (hi - lo) * (double)(r >> 11) * (1.0 / 9007199254740992.0);
}

fric_chain_motor chain_gen_sim1_motor(void)
{
    fric_chain_motor u = { 2.36, 2.58e-2, 7.03e-6, 120, 24, 1, 0.041, 0.036, 1.53, 100 };
    return u;
}

void chain_gen_random(fric_chain_link *links, fric_chain_motor *motors, fric_chain_model *m,
                      int n, double L_hi, double m_lo, double m_hi, double I_hi, double g,
                      double ground_y)
{
    for (int i = 0; i < n; i++) {
        double L = chain_gen_urand(0.1, L_hi);
        fric_chain_link l = { chain_gen_urand(m_lo, m_hi), L, chain_gen_urand(0, L),
                              chain_gen_urand(0, I_hi) };
        links[i] = l;
        motors[i] = chain_gen_sim1_motor();
    }
    fric_chain_model c = { n, links, motors, g, 2,
                           { { n - 1, links[n - 1].length, 0.05 },
                             { n - 1, links[n - 1].length, -0.05 } },
                           ground_y, 0.6, 0.5 };
    *m = c;
}
