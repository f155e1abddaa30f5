/*
 * chain_model.c: the planar serial chain of fric_chain.h without its
 * dynamics: the one validation (fric_chain_check), the motor constants of
 * eq. 2 (sheet §1, A1), the kinematics (joint positions, contact candidate
 * positions and their Jacobians, eq. 1's J_i = ∂p_i/∂q).
 *
 * Kinematics (fric_chain.h): φ_i = q_1 + … + q_i, u_i = (sin φ_i, −cos φ_i),
 * w_i = (cos φ_i, sin φ_i), p_1 = 0, p_{i+1} = p_i + length_i·u_i. A point
 * (x, y) of link L lies at p_L + x·u_L + y·w_L. Joint j turns everything
 * distal to it about p_j, so for j <= L
 *     ∂p/∂q_j = ẑ × (p − p_j) = (−(p_y − p_jy), p_x − p_jx),
 * and 0 for j > L.
 */
#include <assert.h>
#include <math.h>
#include <stddef.h>

#include "fric_chain.h"
#include "base.h"

/* eq. 2: E_M = γ K_M / R [N·m/V] */
double fric_chain_motor_E(const fric_chain_motor *u) { return u->gamma * u->K_M / u->R; }
/* eq. 2: D_M = γ² K_M² / R [N·m·s/rad] */
double fric_chain_motor_D(const fric_chain_motor *u)
{
    return u->gamma * u->gamma * u->K_M * u->K_M / u->R;
}
/* eq. 2, 4: reflected rotor inertia γ² I_M [kg·m²] */
double fric_chain_motor_J(const fric_chain_motor *u) { return u->gamma * u->gamma * u->I_M; }

/* The message for a motor field that must be finite and > 0 (or >= 0). */
static const char *motor_bad(int i, const char *field, double v, int strict, const char *unit,
                             const char *what)
{
    return fric__say_id("chain.motors_finite_give",
               "motors[{i}].{field} = {v} must be a finite {what} {v2} 0{v3}{unit}; give a {v4} "
               "value.",
               fric__values(fric__i("i", i), fric__s("field", field), fric__g("v", v),
                            fric__s("what", what), fric__s("v2", strict ? ">" : ">="),
                            fric__s("v3", *unit ? " " : ""), fric__s("unit", unit),
                            fric__s("v4", strict ? "positive" : "non-negative")));
}

static const char *check_link(const fric_chain_link *l, int i)
{
    if (!(isfinite(l->mass) && l->mass > 0))
        return fric__say_id("chain.links_mass_finite",
                   "links[{i}].mass = {mass} must be a finite link mass > 0 kg; give a positive "
                   "mass.",
                   fric__values(fric__i("i", i), fric__g("mass", l->mass)));
    if (!(isfinite(l->length) && l->length > 0))
        return fric__say_id("chain.links_length_finite",
                   "links[{i}].length = {length} must be a finite joint-to-joint length > 0 m; give"
                   " a positive length.",
                   fric__values(fric__i("i", i), fric__g("length", l->length)));
    if (!(isfinite(l->com) && l->com >= 0 && l->com <= l->length))
        return fric__say_id("chain.links_com_m",
                   "links[{i}].com = {com} m must lie on the link, in [0, length = {length}] m; put"
                   " the centre of mass between the link's joints.",
                   fric__values(fric__i("i", i), fric__g("com", l->com), fric__g("length", l->length)));
    if (!(isfinite(l->inertia) && l->inertia >= 0))
        return fric__say_id("chain.links_inertia_finite",
                   "links[{i}].inertia = {inertia} must be a finite inertia about the centre of "
                   "mass >= 0 kg·m²; give a non-negative inertia.",
                   fric__values(fric__i("i", i), fric__g("inertia", l->inertia)));
    return NULL;
}

static const char *check_motor(const fric_chain_motor *u, int i)
{
    if (!(isfinite(u->R) && u->R > 0)) return motor_bad(i, "R", u->R, 1, "Ω", "winding resistance");
    if (!(isfinite(u->K_M) && u->K_M > 0))
        return motor_bad(i, "K_M", u->K_M, 1, "N·m/A", "torque constant");
    if (!(isfinite(u->I_M) && u->I_M > 0))
        return motor_bad(i, "I_M", u->I_M, 1, "kg·m²", "rotor inertia");
    if (!(isfinite(u->gamma) && u->gamma > 0))
        return motor_bad(i, "gamma", u->gamma, 1, "", "reduction ratio");
    if (!(isfinite(u->e_max) && u->e_max > 0))
        return motor_bad(i, "e_max", u->e_max, 1, "V", "supply voltage");
    if (!(isfinite(u->g) && u->g > 0))
        return fric__say_id("chain.motors_g_finite",
                   "motors[{i}].g = {g} must be a finite side factor of tau_f > 0 (1: joint side, "
                   "gamma = {gamma}: motor side); give 1 or gamma.",
                   fric__values(fric__i("i", i), fric__g("g", u->g), fric__g("gamma", u->gamma)));
    if (!(isfinite(u->tau_fs) && u->tau_fs >= 0))
        return motor_bad(i, "tau_fs", u->tau_fs, 0, "N·m", "static friction");
    if (!(isfinite(u->tau_fk) && u->tau_fk >= 0))
        return motor_bad(i, "tau_fk", u->tau_fk, 0, "N·m", "kinetic friction");
    if (u->tau_fk > u->tau_fs)
        return fric__say_id("chain.motors_tau_fk",
                   "motors[{i}].tau_fk = {tau_fk} N·m exceeds tau_fs = {tau_fs} N·m; kinetic "
                   "friction must not exceed static friction (lower tau_fk or raise tau_fs).",
                   fric__values(fric__i("i", i), fric__g("tau_fk", u->tau_fk), fric__g("tau_fs", u->tau_fs)));
    if (!(isfinite(u->C_tau) && u->C_tau >= 0))
        return motor_bad(i, "C_tau", u->C_tau, 0, "N·m·s/rad", "viscous friction");
    if (!(isfinite(u->eta) && u->eta >= 0))
        return motor_bad(i, "eta", u->eta, 0, "s/rad", "Stribeck decay");
    return NULL;
}

static const char *check_contacts(const fric_chain_model *c)
{
    if (c->m < 0 || c->m > FRIC_CHAIN_MAX_CONTACTS)
        return fric__say_id("chain.m_contact_candidates",
                   "m = {m} contact candidates is outside 0 .. {chain_max_contacts}; give at most "
                   "{chain_max_contacts} points.",
                   fric__values(fric__i("m", c->m), fric__i("chain_max_contacts", FRIC_CHAIN_MAX_CONTACTS)));
    for (int k = 0; k < c->m; k++) {
        const fric_chain_point *p = &c->points[k];
        if (p->link < 0 || p->link >= c->n)
            return fric__say_id("chain.points_link_not",
                       "points[{k}].link = {link} is not a link of the chain (0 .. {n}); attach the"
                       " point to an existing link.",
                       fric__values(fric__i("k", k), fric__i("link", p->link), fric__i("n", c->n - 1)));
        if (!(isfinite(p->x) && isfinite(p->y)))
            return fric__say_id("chain.points_m_finite",
                       "points[{k}] = ({x}, {y}) m must be finite link-frame coordinates.",
                       fric__values(fric__i("k", k), fric__g("x", p->x), fric__g("y", p->y)));
    }
    if (!isfinite(c->ground_y))
        return fric__say_id("chain.ground_y_finite",
                   "ground_y = {ground_y} must be a finite height of the ground line in m.",
                   fric__values(fric__g("ground_y", c->ground_y)));
    if (!(isfinite(c->mu_s) && c->mu_s >= 0))
        return fric__say_id("chain.mu_s_finite",
                   "mu_s = {mu_s} must be a finite static friction coefficient >= 0.",
                   fric__values(fric__g("mu_s", c->mu_s)));
    if (!(isfinite(c->mu_k) && c->mu_k >= 0))
        return fric__say_id("chain.mu_k_finite",
                   "mu_k = {mu_k} must be a finite kinetic friction coefficient >= 0.",
                   fric__values(fric__g("mu_k", c->mu_k)));
    if (c->mu_k > c->mu_s)
        return fric__say_id("chain.mu_k_exceeds",
                   "mu_k = {mu_k} exceeds mu_s = {mu_s}; the kinetic coefficient must not exceed "
                   "the static one (lower mu_k or raise mu_s).",
                   fric__values(fric__g("mu_k", c->mu_k), fric__g("mu_s", c->mu_s)));
    return NULL;
}

static const char *check_model(const fric_chain_model *c)
{
    const char *m = NULL;
    if (!c) return fric__fail_id(FRIC_E_NULL, -1, "chain.chain_model_null",
                       "chain model is NULL; pass a fric_chain_model.",
                       fric__no_values);
    if (c->n < 1 || c->n > FRIC_CHAIN_MAX_N)
        return fric__say_id("chain.n_joints_outside",
                   "n = {n} joints is outside 1 .. {chain_max_n}; give between 1 and {chain_max_n} "
                   "links.",
                   fric__values(fric__i("n", c->n), fric__i("chain_max_n", FRIC_CHAIN_MAX_N)));
    if (!c->links)
        return fric__fail_id(FRIC_E_NULL, -1, "chain.links_null_pass",
                   "links is NULL; pass n = {n} fric_chain_link.",
                   fric__values(fric__i("n", c->n)));
    if (!c->motors)
        return fric__fail_id(FRIC_E_NULL, -1, "chain.motors_null_pass",
                   "motors is NULL; pass n = {n} fric_chain_motor.",
                   fric__values(fric__i("n", c->n)));
    for (int i = 0; i < c->n && !m; i++) m = check_link(&c->links[i], i);
    for (int i = 0; i < c->n && !m; i++) m = check_motor(&c->motors[i], i);
    if (m) return m;
    if (!isfinite(c->gravity))
        return fric__say_id("chain.gravity_finite_acceleration",
                   "gravity = {gravity} must be a finite acceleration along -y in m/s².",
                   fric__values(fric__g("gravity", c->gravity)));
    return check_contacts(c);
}

fric_status fric_chain_check(const fric_chain_model *c, const char **why)
{
    const char *m = check_model(c);
    if (why) *why = m ? m : "";
    return m ? fric__rc() : FRIC_OK;
}

/* Joint positions p_1 .. p_{upto+1} into p[2·(upto+2)] and the direction
 * u_i of each link 0 .. upto (0-based) into u[2·(upto+1)]. */
static void walk(const fric_chain_model *c, const double *q, int upto, double *p, double *u)
{
    double phi = 0;
    p[0] = 0;
    p[1] = 0;
    for (int i = 0; i <= upto; i++) {
        phi += q[i];
        u[2 * i] = sin(phi);
        u[2 * i + 1] = -cos(phi);
        p[2 * i + 2] = p[2 * i] + c->links[i].length * u[2 * i];
        p[2 * i + 3] = p[2 * i + 1] + c->links[i].length * u[2 * i + 1];
    }
}

void fric_chain_joints(const fric_chain_model *c, const double *q, double *p)
{
    assert(c && c->n >= 1 && c->n <= FRIC_CHAIN_MAX_N);
    double u[2 * FRIC_CHAIN_MAX_N];
    walk(c, q, c->n - 1, p, u);
}

/* The candidate's position from the joint positions p (through its link). */
static void point_at(const fric_chain_model *c, int k, const double *p, const double *u,
                     double *out)
{
    const fric_chain_point *pt = &c->points[k];
    const double *pl = p + 2 * pt->link;
    out[0] = pl[0] + pt->x * u[0] - pt->y * u[1];   /* w = (−u_y, u_x) */
    out[1] = pl[1] + pt->x * u[1] + pt->y * u[0];
}

void fric_chain_point_pos(const fric_chain_model *c, const double *q, int k, double *p)
{
    assert(c && k >= 0 && k < c->m);
    double pj[2 * (FRIC_CHAIN_MAX_N + 1)], u[2 * FRIC_CHAIN_MAX_N];
    const int L = c->points[k].link;
    walk(c, q, L, pj, u);
    point_at(c, k, pj, u + 2 * L, p);
}

/* The 2×n Jacobian of candidate k at position x from the joint positions. */
static void jacobian_at(const fric_chain_model *c, int k, const double *pj, const double *x,
                        double *J)
{
    const int n = c->n, L = c->points[k].link;
    for (int j = 0; j < n; j++) {
        J[j] = j <= L ? -(x[1] - pj[2 * j + 1]) : 0;
        J[n + j] = j <= L ? x[0] - pj[2 * j] : 0;
    }
}

void fric_chain_jacobian(const fric_chain_model *c, const double *q, int k, double *J)
{
    double pj[2 * (FRIC_CHAIN_MAX_N + 1)], u[2 * FRIC_CHAIN_MAX_N], x[2];
    assert(c && k >= 0 && k < c->m);
    const int L = c->points[k].link;
    walk(c, q, L, pj, u);
    point_at(c, k, pj, u + 2 * L, x);
    jacobian_at(c, k, pj, x, J);
}

void fric_chain_points(const fric_chain_model *c, const double *q, double *pos, double *J)
{
    assert(c && c->n >= 1 && c->n <= FRIC_CHAIN_MAX_N);
    double pj[2 * (FRIC_CHAIN_MAX_N + 1)], u[2 * FRIC_CHAIN_MAX_N];
    walk(c, q, c->n - 1, pj, u);          /* one walk to the tip for every candidate */
    for (int k = 0; k < c->m; k++) {
        point_at(c, k, pj, u + 2 * c->points[k].link, pos + 2 * k);
        if (J) jacobian_at(c, k, pj, pos + 2 * k, J + 2 * k * c->n);
    }
}
