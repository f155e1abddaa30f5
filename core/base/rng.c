/*
 * rng.c: the core's random numbers (base.h): splitmix64 to expand a seed,
 * xoshiro256** 1.0 for the sequence (Blackman & Vigna 2018, public domain
 * reference code). Integer operations only: the same bits everywhere.
 */
#include <stdint.h>

#include "base.h"

/* splitmix64 (Vigna): expands the seed into xoshiro's state. */
uint64_t fric__splitmix64(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

/* xoshiro256** 1.0 (Blackman & Vigna). */
uint64_t fric__xoshiro256ss(uint64_t s[4])
{
    const uint64_t result = rotl(s[1] * 5, 7) * 9;
    const uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}
