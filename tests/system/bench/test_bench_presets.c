/*
 * test_bench_presets.c: the preset table of core/system/bench/bench_presets.c against
 * the parameter files it transcribes (../shared/data/bam/params, Rhoban/bam,
 * Apache-2.0, Copyright 2025 Marc Duclusaud & Grégoire Passault), read here
 * with an independent ad-hoc reader (support/bench_json.c), and the firmware
 * constants against the data README (typed again here).
 *
 * Every number of every file must equal the preset's field exactly: the
 * table prints the files' decimal text, and one decimal text gives one double
 * (strtod here, the C compiler there, both correctly rounded). Coefficients a
 * file does not have must be 0 in the table, except eRob80:100's R, which the
 * reference defaults to 2.0 Ω.
 *
 * The actuator a log's "motor" field names (fric_bench_actuator_resolve):
 * every shared log resolves to the actuator whose directory holds it
 * (logs/<actuator>/..., the reference's filing: the STS3215 logs say
 * "sts3250"), every actuator name resolves to itself in any case and with
 * '-', ' ', '.' or other white space inserted, and names of no actuator
 * resolve to NULL.
 *
 * Skips (with a message) when ../shared/data is absent.
 */
#include "test_main.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "bench_json.h"
#include "fric_bench.h"

#define PARAMS_DIR "../shared/data/bam/params"

/* The nine directories of the data set (the "actuator" value inside is
 * resolved with fric_bench_actuator_resolve: feetech/m6.json says "sts3250"). */
static const char *const dirs[] = { "mx64", "mx106", "erob80_50", "erob80_100",
                                    "xl320", "xl330", "feetech_sts3215_7_4V", "feetech",
                                    "feetech_sts3215_12V" };

#define SKIP_WITHOUT_DATA() BENCH_SKIP_WITHOUT_DATA(PARAMS_DIR "/mx64/m1.json", PARAMS_DIR)

/* The preset field a JSON key names. */
static const double *field(const fric_bench_preset *p, const char *key)
{
    const fric_servo_friction *f = &p->friction;
    const fric_servo_actuator *s = &p->servo;
    static const struct { const char *key; size_t off; int servo; } map[] = {
        { "friction_base", offsetof(fric_servo_friction, K_c), 0 },
        { "friction_stribeck", offsetof(fric_servo_friction, K_cs), 0 },
        { "load_friction_base", offsetof(fric_servo_friction, K_l), 0 },
        { "load_friction_stribeck", offsetof(fric_servo_friction, K_ls), 0 },
        { "load_friction_motor", offsetof(fric_servo_friction, K_m), 0 },
        { "load_friction_external", offsetof(fric_servo_friction, K_e), 0 },
        { "load_friction_motor_stribeck", offsetof(fric_servo_friction, K_ms), 0 },
        { "load_friction_external_stribeck", offsetof(fric_servo_friction, K_es), 0 },
        { "load_friction_motor_quad", offsetof(fric_servo_friction, K_mq), 0 },
        { "load_friction_external_quad", offsetof(fric_servo_friction, K_eq), 0 },
        { "dtheta_stribeck", offsetof(fric_servo_friction, dtheta_s), 0 },
        { "alpha", offsetof(fric_servo_friction, alpha), 0 },
        { "friction_viscous", offsetof(fric_servo_friction, K_v), 0 },
        { "kt", offsetof(fric_servo_actuator, kt), 1 },
        { "R", offsetof(fric_servo_actuator, R), 1 },
        { "armature", offsetof(fric_servo_actuator, armature), 1 },
        { "q_offset", offsetof(fric_servo_actuator, q_offset), 1 },
        { "error_gain_ratio", offsetof(fric_servo_actuator, error_gain_ratio), 1 },
        { "max_velocity", offsetof(fric_servo_actuator, max_velocity), 1 },
    };
    for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
        if (strcmp(map[i].key, key) == 0)
            return (const double *)(const void *)((const char *)(map[i].servo ? (const void *)s
                                                                            : (const void *)f)
                                                  + map[i].off);
    return NULL;
}

static const char *const all_keys[] = {
    "friction_base", "friction_stribeck", "load_friction_base", "load_friction_stribeck",
    "load_friction_motor", "load_friction_external", "load_friction_motor_stribeck",
    "load_friction_external_stribeck", "load_friction_motor_quad", "load_friction_external_quad",
    "dtheta_stribeck", "alpha", "friction_viscous", "kt", "R", "armature", "q_offset",
};

static void every_file_matches_its_preset(void **state)
{
    (void)state;
    SKIP_WITHOUT_DATA();
    int files = 0, numbers = 0;
    for (size_t d = 0; d < sizeof dirs / sizeof dirs[0]; d++) {
        for (int m = 1; m <= 6; m++) {
            char path[256];
            snprintf(path, sizeof path, PARAMS_DIR "/%s/m%d.json", dirs[d], m);
            bench_json_file f;
            if (bench_json_load(path, &f)) continue;
            files++;
            char act[64], model[16];
            assert_int_equal(bench_json_str(&f, "actuator", act, sizeof act), 1);
            assert_int_equal(bench_json_str(&f, "model", model, sizeof model), 1);
            char want_model[16];
            snprintf(want_model, sizeof want_model, "m%d", m);
            assert_string_equal(model, want_model);
            const char *name = fric_bench_actuator_resolve(act);
            if (!name) fail_msg("%s: the actuator \"%s\" resolves to none", path, act);
            const fric_bench_preset *p = fric_bench_preset_find(name, m);
            if (!p) fail_msg("%s: no preset for actuator %s model m%d", path, act, m);
            assert_string_equal(p->dir, dirs[d]);
            assert_int_equal(p->model, m);
            assert_int_equal(p->friction.model, m);
            /* every number of the file, exactly */
            int n = bench_json_count_numbers(&f);
            for (int i = 0; i < n; i++) {
                char key[64];
                double v;
                assert_int_equal(bench_json_number_key(&f, i, key, sizeof key, &v), 1);
                const double *fld = field(p, key);
                if (!fld) fail_msg("%s: key %s has no preset field", path, key);
                if (*fld != v)
                    fail_msg("%s: %s = %.17g in the file, %.17g in the preset", path, key, v, *fld);
                numbers++;
            }
            /* keys the file does not have are 0 (R of eRob80:100: 2.0 Ω) */
            for (size_t k = 0; k < sizeof all_keys / sizeof all_keys[0]; k++) {
                double v;
                if (bench_json_num(&f, all_keys[k], &v) == 1) continue;
                double want = strcmp(all_keys[k], "R") == 0 && strcmp(act, "erob80_100") == 0 ? 2.0 : 0.0;
                if (*field(p, all_keys[k]) != want)
                    fail_msg("%s: %s is absent from the file but %.17g in the preset (want %g)",
                             path, all_keys[k], *field(p, all_keys[k]), want);
            }
            bench_json_free(&f);
        }
    }
    /* 6 models × 6 actuators + STS3215 m1 and m6 + the 12 V STS3215 m1 */
    assert_int_equal(files, 39);
    assert_int_equal(fric_bench_preset_count(), files);
    print_message("checked %d files, %d numbers\n", files, numbers);
}

/* Firmware constants from ../shared/data/bam/README.md. */
static void firmware_constants_are_the_readmes(void **state)
{
    (void)state;
    static const struct {
        const char *act;
        fric_servo_control control;
        double error_gain, max_pwm, d_gain;
    } want[] = {
        { "mx64", FRIC_SERVO_VOLTAGE, 0.158, 0.9625, 0 },
        { "mx106", FRIC_SERVO_VOLTAGE, 0.158, 0.9625, 0 },
        { "xl320", FRIC_SERVO_VOLTAGE, 0.05048199, 1.0, 0 },
        { "xl330", FRIC_SERVO_VOLTAGE, (4096 / (2 * 3.141592653589793)) / (256.0 * 885.0), 1.0, 0 },
        { "sts3215", FRIC_SERVO_VOLTAGE, 0.166, 0.97, 0 },
        { "sts321512v", FRIC_SERVO_VOLTAGE, 0.166, 0.97, 0 },
        { "erob80_50", FRIC_SERVO_CURRENT, 0, 0, 1.0 },
        { "erob80_100", FRIC_SERVO_CURRENT, 0, 0, 2.0 },
    };
    assert_int_equal(fric_bench_actuator_count(), 12);
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        int n = 0;
        for (int k = 0; k < fric_bench_preset_count(); k++) {
            const fric_bench_preset *p = fric_bench_preset_at(k);
            if (strcmp(p->actuator, want[i].act) != 0) continue;
            n++;
            const fric_servo_actuator *s = &p->servo;
            assert_int_equal(s->control, want[i].control);
            if (want[i].control == FRIC_SERVO_VOLTAGE) {
                assert_true(s->error_gain == want[i].error_gain);
                assert_true(s->max_pwm == want[i].max_pwm);
                assert_true(s->vin_default > 0 && s->kp_default > 0);
                /* README: the STS3215's target smoothing defaults to 3400·2π/4096
                 * rad/s (the 12 V file fits its own, checked against the file
                 * above); the others have none; error_gain_ratio is 1 where no
                 * file fits it */
                if (strcmp(want[i].act, "sts3215") == 0)
                    assert_true(s->max_velocity == (3400 * 2 * 3.141592653589793) / 4096);
                else if (strcmp(want[i].act, "sts321512v") != 0)
                    assert_true(s->max_velocity == 0);
                if (strcmp(want[i].act, "sts321512v") != 0) assert_true(s->error_gain_ratio == 1);
            } else {
                assert_true(s->d_gain == want[i].d_gain);
                assert_true(s->max_amps == 12.0);
                assert_true(s->max_volts == 48.0);
            }
        }
        /* the STS3215 has the files m1 (7.4 V) and m6 (feetech/), the 12 V one m1 */
        assert_int_equal(n, strcmp(want[i].act, "sts3215") == 0 ? 2
                            : strcmp(want[i].act, "sts321512v") == 0 ? 1 : 6);
        assert_non_null(fric_bench_actuator_find(want[i].act));
    }
    /* the XL330 gain as the README prints it, ~0.0028774 */
    assert_true(fabs(want[3].error_gain - 0.0028774) < 1e-7);
}

/* The actuators of the reference's main branch without a params file here,
 * transcribed from ../shared/data/bam/README.md ("Facts of the reference's
 * main branch"): after the identified ones, no preset, their constants. */
static void default_actuators_are_the_readmes(void **state)
{
    (void)state;
    static const struct {
        const char *act;
        fric_servo_control control;
        double vin, kp, kt, R, armature;
    } want[] = {
        { "waveshare_st3025", FRIC_SERVO_VOLTAGE, 12, 32, 0.8826, 2.727, 1e-4 },
        { "xl330i", FRIC_SERVO_CURRENT_P, 7.5, 400, -1, -1, -1 },
        { "feetech_hls", FRIC_SERVO_CURRENT_HOST, 12, 3, 0.97, 7.5, 1e-3 },
        { "unitree_go1", FRIC_SERVO_TORQUE, -1, -1, -1, -1, -1 },
    };
    for (int i = 0; i < 4; i++) {
        const fric_servo_actuator *s = fric_bench_actuator_find(want[i].act);
        assert_non_null(s);
        assert_string_equal(fric_bench_actuator_name(8 + i), want[i].act);
        assert_false(fric_bench_actuator_identified(want[i].act));
        for (int m = 1; m <= 6; m++) assert_null(fric_bench_preset_find(want[i].act, m));
        assert_int_equal(s->control, want[i].control);
        if (want[i].vin > 0) assert_true(s->vin_default == want[i].vin);
        if (want[i].kp > 0) assert_true(s->kp_default == want[i].kp);
        if (want[i].kt > 0) assert_true(s->kt == want[i].kt && s->R == want[i].R);
        if (want[i].armature > 0) assert_true(s->armature == want[i].armature);
        assert_true(s->max_current == 0);   /* the limiter is off by default */
    }
    const fric_servo_actuator *w = fric_bench_actuator_find("waveshare_st3025");
    assert_true(w->error_gain == 0.166 && w->max_pwm == 1.0 && w->error_gain_ratio == 1);
    assert_true(w->max_velocity == 0);   /* no target smoothing */
    const fric_servo_actuator *x = fric_bench_actuator_find("xl330i");
    assert_true(x->error_gain == 0.01 && x->current_limit == 1.5);
    /* its motor constants are the voltage-mode XL330's M1 (the same motor) */
    const fric_bench_preset *x1 = fric_bench_preset_find("xl330", 1);
    assert_true(x->kt == x1->servo.kt && x->R == x1->servo.R);
    assert_true(x->armature == x1->servo.armature);
    const fric_servo_actuator *h = fric_bench_actuator_find("feetech_hls");
    assert_true(h->d_gain == 0.08 && h->max_amps == 0.36 && h->current_limit == 1.37);
    const fric_servo_actuator *g = fric_bench_actuator_find("unitree_go1");
    assert_true(g->damping == 0.3 && g->max_torque == 23.7 && g->error_gain_ratio == 1);
    assert_true(fric_bench_actuator_identified("sts3215"));
    assert_false(fric_bench_actuator_identified("nope"));
    assert_null(fric_bench_actuator_name(12));
}

static void lookups_handle_bad_names(void **state)
{
    (void)state;
    assert_null(fric_bench_preset_find("sts3215", 2));
    assert_null(fric_bench_preset_find("nope", 1));
    assert_null(fric_bench_preset_find(NULL, 1));
    assert_null(fric_bench_preset_find("mx64", 7));
    assert_null(fric_bench_preset_at(-1));
    assert_null(fric_bench_preset_at(fric_bench_preset_count()));
    assert_null(fric_bench_actuator_name(-1));
    assert_null(fric_bench_actuator_name(12));
    assert_null(fric_bench_actuator_find("nope"));
    assert_string_equal(fric_bench_actuator_name(0), "mx64");
    assert_string_equal(fric_bench_actuator_name(6), "sts3215");
    /* every preset passes the budget's own validation */
    for (int k = 0; k < fric_bench_preset_count(); k++) {
        const char *why;
        const fric_bench_preset *p = fric_bench_preset_at(k);
        if (fric_servo_check(&p->friction, &why))
            fail_msg("%s m%d: %s", p->actuator, p->model, why);
        fric_bench_def d;
        fric_bench_def_from_preset(p, &d);
        if (fric_bench_check(&d, &why)) fail_msg("%s m%d: %s", p->actuator, p->model, why);
    }
}

/* The shared logs, by the directory (actuator) that holds them. */
static const struct { const char *actuator, *path; } shared_logs[] = {
    { "xl330", "../shared/data/bam/logs/xl330/processed/2026-01-15_10h28m10.json" },
    { "xl330", "../shared/data/bam/logs/xl330/raw/2026-01-15_10h28m10.json" },
    { "sts3215", "../shared/data/bam/logs/sts3215/raw/2024-10-26_12h23m27.json" },
    { "sts3215", "../shared/data/bam/logs/sts3215/raw/2024-10-26_12h27m27.json" },
};

static void motor_names_resolve_to_actuators(void **state)
{
    (void)state;
    /* an actuator's own name, in any case and with separators */
    for (int i = 0; i < fric_bench_actuator_count(); i++) {
        const char *a = fric_bench_actuator_name(i);
        assert_ptr_equal(fric_bench_actuator_resolve(a), a);
        char up[64], sep[80];
        size_t n = strlen(a), k = 0;
        for (size_t j = 0; j <= n; j++) up[j] = (char)(a[j] >= 'a' && a[j] <= 'z' ? a[j] - 32 : a[j]);
        for (size_t j = 0; j < n; j++) {
            sep[k++] = a[j];
            if (j == 1) sep[k++] = '-';
            if (j == 2) sep[k++] = ' ';
            if (j == 3) sep[k++] = '.';
        }
        sep[k] = '\0';
        assert_ptr_equal(fric_bench_actuator_resolve(up), a);
        assert_ptr_equal(fric_bench_actuator_resolve(sep), a);
        assert_non_null(fric_bench_actuator_find(fric_bench_actuator_resolve(up)));
    }
    /* white space of any kind is ignored (as the browser's table did) */
    assert_ptr_equal(fric_bench_actuator_resolve(" xl\t330\n"), fric_bench_actuator_resolve("xl330"));
    /* names of no actuator */
    assert_null(fric_bench_actuator_resolve(NULL));
    assert_null(fric_bench_actuator_resolve(""));
    assert_null(fric_bench_actuator_resolve("- ."));
    assert_null(fric_bench_actuator_resolve("ax12"));
    assert_null(fric_bench_actuator_resolve("sts"));
    assert_null(fric_bench_actuator_resolve("xl330xl330xl330xl330xl330xl330xl330xl330xl330xl330xl330xl330xl330"));
    /* the shared logs: the header's motor names the directory's actuator */
    BENCH_SKIP_WITHOUT_DATA(shared_logs[0].path, "../shared/data/bam/logs");
    for (size_t i = 0; i < sizeof shared_logs / sizeof shared_logs[0]; i++) {
        bench_json_file f;
        char motor[64];
        if (bench_json_load(shared_logs[i].path, &f)) fail_msg("%s: cannot read", shared_logs[i].path);
        if (bench_json_str(&f, "motor", motor, sizeof motor) != 1) fail_msg("%s: no motor", shared_logs[i].path);
        bench_json_free(&f);
        const char *a = fric_bench_actuator_resolve(motor);
        if (!a || strcmp(a, shared_logs[i].actuator) != 0)
            fail_msg("%s: motor \"%s\" resolves to %s, the log is filed under %s",
                     shared_logs[i].path, motor, a ? a : "NULL", shared_logs[i].actuator);
    }
}

/* The sentence both front ends show for an alias (fric_bench_actuator_note):
 * it names the field as written and the actuator, only for a field that is
 * not the actuator's own name; the length is snprintf's (full length, the
 * text cut to the buffer). */
static void motor_note_names_field_and_actuator(void **state)
{
    (void)state;
    char buf[256], full[256];
    size_t n = fric_bench_actuator_note("sts3250", buf, sizeof buf);
    assert_true(n > 0 && n == strlen(buf));
    strcpy(full, buf);
    assert_non_null(strstr(buf, "\"sts3250\""));
    assert_non_null(strstr(buf, "sts3215"));
    /* its id and named values, for a front end in another language */
    fric_sentence s = fric_sentence_last();
    assert_string_equal(s.id, "bench.actuator_alias");
    assert_non_null(strstr(s.values, "sts3250"));
    assert_non_null(strstr(s.values, "sts3215"));
    for (int i = 0; i < fric_bench_actuator_count(); i++) {
        strcpy(buf, "x");
        assert_int_equal(fric_bench_actuator_note(fric_bench_actuator_name(i), buf, sizeof buf), 0);
        assert_string_equal(buf, "");
    }
    strcpy(buf, "x");
    assert_int_equal(fric_bench_actuator_note("no such motor", buf, sizeof buf), 0);
    assert_string_equal(buf, "");
    assert_string_equal(fric_sentence_last().id, "");
    char small[8];
    assert_int_equal(fric_bench_actuator_note("sts3250", small, sizeof small), n);
    assert_int_equal(strlen(small), sizeof small - 1);
    assert_int_equal(strncmp(small, full, sizeof small - 1), 0);
}

FRIC_TEST_MAIN(cmocka_unit_test(motor_note_names_field_and_actuator),
               cmocka_unit_test(every_file_matches_its_preset),
               cmocka_unit_test(firmware_constants_are_the_readmes),
               cmocka_unit_test(default_actuators_are_the_readmes),
               cmocka_unit_test(lookups_handle_bad_names),
               cmocka_unit_test(motor_names_resolve_to_actuators))
