/*
 * bench_presets.c: the identified actuators of Duclusaud & Passault
 * (paper §VI-A: MX-64, MX-106, eRob80:50, eRob80:100; the repository adds
 * XL-320, XL330 and Feetech STS3215), transcribed into this table (literal
 * text of each number, one-off script) from
 *
 *   Rhoban/bam, params/<actuator>/m<1..6>.json
 *   Apache-2.0, Copyright 2025 Marc Duclusaud & Grégoire Passault.
 *
 * (copies in ../shared/data/bam/params; tests/system/bench/test_bench_presets.c
 * reads those files and checks every number here equals the file's).
 * The numbers are written exactly as the files print them, so the C parser
 * produces the same doubles as a JSON parser.
 *
 * The firmware constants are not in the parameter files; they come from the
 * reference code (bam/dynamixel/actuator.py, bam/xl330/actuator.py,
 * bam/feetech/actuator.py, bam/erob/actuator.py) as listed in
 * ../shared/data/bam/README.md:
 *   MX-64/106   voltage, error_gain 0.158, max_pwm 0.9625, vin 15 V, kp 32
 *   XL-320      voltage, error_gain 0.05048199, max_pwm 1.0, vin 7.5 V, kp 32
 *   XL330       voltage, error_gain (4096/2π)/(256·885), max_pwm 1.0,
 *               vin 7.4 V, kp 400
 *   STS3215     voltage, error_gain 0.166, max_pwm 0.97, vin 7.4 V, kp 32,
 *               target smoothing at max_velocity (3400·2π)/4096 rad/s and
 *               error_gain_ratio 1 unless the file fits them
 *               (bam/feetech/actuator.py on the reference's main branch);
 *               sts321512v: the same at 12 V
 *   eRob80:50   current, d = 1.0, ±12 A, 48 V
 *   eRob80:100  current, d = 2.0, ±12 A, 48 V; its files have no "R": the
 *               reference keeps its default R = 2.0 Ω.
 * The eRob code has no default kp (every log gives one); kp_default = 50 is
 * ours, the middle of the paper's Table I gains (10/25/50/100). Fields a
 * model does not use are 0.
 */
#include <stdio.h>
#include <string.h>

#include "base.h"
#include "fric_bench.h"

#define EROB80_100_R 2.0

#define SERVO_MX(...) { .error_gain_ratio = 1.0, .control = FRIC_SERVO_VOLTAGE, .error_gain = 0.158, \
    .max_pwm = 0.9625, .vin_default = 15.0, .kp_default = 32.0, __VA_ARGS__ }
#define SERVO_XL320(...) { .error_gain_ratio = 1.0, .control = FRIC_SERVO_VOLTAGE, .error_gain = 0.05048199, \
    .max_pwm = 1.0, .vin_default = 7.5, .kp_default = 32.0, __VA_ARGS__ }
#define SERVO_XL330(...) { .error_gain_ratio = 1.0, .control = FRIC_SERVO_VOLTAGE, \
    .error_gain = (4096 / (2 * 3.141592653589793)) / (256 * 885), \
    .max_pwm = 1.0, .vin_default = 7.4, .kp_default = 400.0, __VA_ARGS__ }
/* bam/feetech/actuator.py: default_max_velocity = (3400·2π)/4096 rad/s, in
 * the reference's order of operations */
#define STS3215_MAX_VELOCITY FRIC_BENCH_STS3215_MAX_VELOCITY
#define STS3215_FIRMWARE .control = FRIC_SERVO_VOLTAGE, .error_gain = 0.166, .max_pwm = 0.97, \
    .kp_default = 32.0
#define SERVO_STS3215(...) { STS3215_FIRMWARE, .vin_default = 7.4, .error_gain_ratio = 1.0, \
    .max_velocity = STS3215_MAX_VELOCITY, __VA_ARGS__ }
/* the 12 V STS3215 of the reference's pull request 5: the same law and
 * firmware, the bench's 12 V supply; its file fits error_gain_ratio and
 * max_velocity */
#define SERVO_STS3215_12V(...) { STS3215_FIRMWARE, .vin_default = 12.0, __VA_ARGS__ }
#define SERVO_EROB50(...) { .error_gain_ratio = 1.0, .control = FRIC_SERVO_CURRENT, .d_gain = 1.0, \
    .max_amps = 12.0, .max_volts = 48.0, .vin_default = 48.0, .kp_default = 50.0, __VA_ARGS__ }
#define SERVO_EROB100(...) { .error_gain_ratio = 1.0, .control = FRIC_SERVO_CURRENT, .d_gain = 2.0, \
    .max_amps = 12.0, .max_volts = 48.0, .vin_default = 48.0, .kp_default = 50.0, __VA_ARGS__ }

static const fric_bench_preset presets[] = {
    /* params/mx64/m1.json */
    { "mx64", "mx64", 1,
      { .model = 1, .K_c = 0.09038677246291783, .K_v = 0.011691602145974832 },
      SERVO_MX(.kt = 1.6224667906987444, .R = 3.949433673232461, .armature = 0.011951238325312509) },
    /* params/mx64/m2.json */
    { "mx64", "mx64", 2,
      { .model = 2, .K_c = 0.05611931763075957, .K_cs = 0.08186411549068562, .dtheta_s = 1.1202509555217797, .alpha = 2.9999999999758256, .K_v = 0.019180846406029385 },
      SERVO_MX(.kt = 1.6204381558934768, .R = 3.8944216519292354, .armature = 0.011923664899375061) },
    /* params/mx64/m3.json */
    { "mx64", "mx64", 3,
      { .model = 3, .K_c = 0.10216727649779266, .K_l = 0.07580074806755707, .K_v = 0.0006300275797440622 },
      SERVO_MX(.kt = 1.631491787799071, .R = 3.5708899455080743, .armature = 0.011237906702031345) },
    /* params/mx64/m4.json */
    { "mx64", "mx64", 4,
      { .model = 4, .K_c = 0.061549466501679174, .K_cs = 0.02389528618121147, .K_l = 1.9611119490261663e-10, .K_ls = 0.23428996680337053, .dtheta_s = 1.5205782308422509, .alpha = 1.3344007931759223, .K_v = 0.014754905791636505 },
      SERVO_MX(.kt = 1.6631556605652682, .R = 3.1560000816605682, .armature = 0.010961212217454795) },
    /* params/mx64/m5.json */
    { "mx64", "mx64", 5,
      { .model = 5, .K_c = 0.07501958219691603, .K_cs = 0.022233160228709636, .K_m = 0.3847995899952685, .K_e = 1.6148277731274518e-11, .K_ms = 0.030123950049619153, .K_es = 0.1658962964406309, .dtheta_s = 0.7461716797150073, .alpha = 1.2930393293009845, .K_v = 0.014908872960620413 },
      SERVO_MX(.kt = 1.587432589063179, .R = 2.4143487051532198, .armature = 0.011728935143844849) },
    /* params/mx64/m6.json */
    { "mx64", "mx64", 6,
      { .model = 6, .K_c = 6.217919698787649e-07, .K_cs = 0.12269525980968875, .K_m = 0.3114720375111298, .K_e = 2.0462014258729542e-08, .K_ms = 0.18774381222411038, .K_es = 0.014065853481003015, .K_mq = 0.006908512882777861, .K_eq = 0.009999980627672081, .dtheta_s = 2.575277366960116, .alpha = 0.8409018066017007, .K_v = 0.02533701181690149 },
      SERVO_MX(.kt = 1.6016832750318712, .R = 2.3164043271967447, .armature = 0.012265893049213158) },
    /* params/mx106/m1.json */
    { "mx106", "mx106", 1,
      { .model = 1, .K_c = 0.10352026623606064, .K_v = 0.03520238029013507 },
      SERVO_MX(.kt = 2.1913757006745245, .R = 2.9649903987776804, .armature = 0.026609234235148084) },
    /* params/mx106/m2.json */
    { "mx106", "mx106", 2,
      { .model = 2, .K_c = 2.768555173702711e-06, .K_cs = 0.11742121471961874, .dtheta_s = 1.8487805494299074, .alpha = 1.7413892741330947, .K_v = 0.059589394457307716 },
      SERVO_MX(.kt = 2.190958566263214, .R = 2.9609045764726725, .armature = 0.026838831911873175) },
    /* params/mx106/m3.json */
    { "mx106", "mx106", 3,
      { .model = 3, .K_c = 0.1133532996239035, .K_l = 0.10824037267470683, .K_v = 0.01194450384263248 },
      SERVO_MX(.kt = 2.204165397088512, .R = 2.653346939680077, .armature = 0.02484689556730746) },
    /* params/mx106/m4.json */
    { "mx106", "mx106", 4,
      { .model = 4, .K_c = 6.653380436533205e-13, .K_cs = 0.10491060771568866, .K_l = 0.009150334028953775, .K_ls = 0.22235912179095094, .dtheta_s = 1.6232949773728853, .alpha = 1.323485668999259, .K_v = 0.05096082506010955 },
      SERVO_MX(.kt = 2.23138890457851, .R = 2.3717487904639545, .armature = 0.02457397334336701) },
    /* params/mx106/m5.json */
    { "mx106", "mx106", 5,
      { .model = 5, .K_c = 1.8812712661235184e-10, .K_cs = 0.12242747179820507, .K_m = 0.20763710226562626, .K_e = 0.022684350817709906, .K_ms = 0.19519320110890795, .K_es = 0.08490162305974122, .dtheta_s = 1.7457130513692263, .alpha = 1.138313248724122, .K_v = 0.05066487276724427 },
      SERVO_MX(.kt = 2.2087822411811935, .R = 2.0142427292798475, .armature = 0.026018155628771758) },
    /* params/mx106/m6.json */
    { "mx106", "mx106", 6,
      { .model = 6, .K_c = 1.0232526438525893e-05, .K_cs = 0.12195409579603411, .K_m = 0.19800553725822115, .K_e = 0.022215529897348624, .K_ms = 0.19859970173941574, .K_es = 0.08710328264676681, .K_mq = 0.009999930103371748, .K_eq = 7.326919843140997e-05, .dtheta_s = 1.7463251741328727, .alpha = 1.142827788004191, .K_v = 0.05071566473605552 },
      SERVO_MX(.kt = 2.209828156174588, .R = 2.033661749312417, .armature = 0.026016184370993383) },
    /* params/erob80_50/m1.json */
    { "erob80_50", "erob80_50", 1,
      { .model = 1, .K_c = 4.096647502063686, .K_v = 1.29805795295293 },
      SERVO_EROB50(.kt = 4.54339886748877, .R = 2.5088214949606913, .armature = 0.3369387357725746) },
    /* params/erob80_50/m2.json */
    { "erob80_50", "erob80_50", 2,
      { .model = 2, .K_c = 4.086230363954603, .K_cs = 1.6504871346024715e-08, .dtheta_s = 0.9617768749469398, .alpha = 1.438935728332229, .K_v = 1.3131993446070485 },
      SERVO_EROB50(.kt = 4.5436619148111745, .R = 2.521141651470365, .armature = 0.3345162630438232) },
    /* params/erob80_50/m3.json */
    { "erob80_50", "erob80_50", 3,
      { .model = 3, .K_c = 3.46658012152533, .K_l = 0.06292192512694414, .K_v = 1.207272265635136 },
      SERVO_EROB50(.kt = 4.819245281951386, .R = 2.204653159105827, .armature = 0.32927931334382515) },
    /* params/erob80_50/m4.json */
    { "erob80_50", "erob80_50", 4,
      { .model = 4, .K_c = 3.453696652879759, .K_cs = 9.218443879044224e-06, .K_l = 0.06308728641180934, .K_ls = 7.125720330621117e-07, .dtheta_s = 0.34601387316221976, .alpha = 2.727164024161143, .K_v = 1.216634943303125 },
      SERVO_EROB50(.kt = 4.822323833607484, .R = 1.820386625418371, .armature = 0.3338305298602653) },
    /* params/erob80_50/m5.json */
    { "erob80_50", "erob80_50", 5,
      { .model = 5, .K_c = 2.3673298244088454, .K_cs = 0.8379934972683746, .K_m = 0.03418184370369529, .K_e = 0.00026790940844419897, .K_ms = 0.015404277930421264, .K_es = 0.08496269863014352, .dtheta_s = 2.263893998051299, .alpha = 2.984725791735308, .K_v = 1.6088820042966994 },
      SERVO_EROB50(.kt = 4.818322648039187, .R = 0.8574854939440504, .armature = 0.3310758428281228) },
    /* params/erob80_50/m6.json */
    { "erob80_50", "erob80_50", 6,
      { .model = 6, .K_c = 3.258936577427873, .K_cs = 0.32043116640097835, .K_m = 0.03566185222966088, .K_e = 0.0008431659435708802, .K_ms = 0.003770985236415064, .K_es = 0.041438023645284434, .K_mq = 0.0018721192347735344, .K_eq = 0.0015990991138724365, .dtheta_s = 2.830385649014235, .alpha = 1.7864364677651365, .K_v = 1.403394119501813 },
      SERVO_EROB50(.kt = 4.896769365659586, .R = 1.0734946294308996, .armature = 0.36173986463800073) },
    /* params/erob80_100/m1.json */
    { "erob80_100", "erob80_100", 1,
      { .model = 1, .K_c = 5.610965892410754, .K_v = 8.392324354671375 },
      SERVO_EROB100(.kt = 7.657864604656686, .R = EROB80_100_R, .armature = 0.9589533917163041) },
    /* params/erob80_100/m2.json */
    { "erob80_100", "erob80_100", 2,
      { .model = 2, .K_c = 1.4462862541212224e-10, .K_cs = 5.455188967669691, .dtheta_s = 2.079758511184917, .alpha = 2.99999673058633, .K_v = 9.570659122263434 },
      SERVO_EROB100(.kt = 7.709563685616313, .R = EROB80_100_R, .armature = 0.9732017667563382) },
    /* params/erob80_100/m3.json */
    { "erob80_100", "erob80_100", 3,
      { .model = 3, .K_c = 4.83228100668814, .K_l = 0.14798087840990956, .K_v = 7.395263062846597 },
      SERVO_EROB100(.kt = 9.469248716117072, .R = EROB80_100_R, .armature = 0.9887557992291075) },
    /* params/erob80_100/m4.json */
    { "erob80_100", "erob80_100", 4,
      { .model = 4, .K_c = 0.0001250620234780261, .K_cs = 4.381669778040507, .K_l = 2.126815651171455e-06, .K_ls = 0.1661425164008433, .dtheta_s = 1.977086206494623, .alpha = 2.9999261411563274, .K_v = 9.02901791728356 },
      SERVO_EROB100(.kt = 9.800442495732021, .R = EROB80_100_R, .armature = 0.9469802941293913) },
    /* params/erob80_100/m5.json */
    { "erob80_100", "erob80_100", 5,
      { .model = 5, .K_c = 0.0008544416565456324, .K_cs = 3.8971701985820273, .K_m = 0.0014386633405137944, .K_e = 3.392293448680981e-06, .K_ms = 7.95025355007889e-05, .K_es = 0.2544739333707678, .dtheta_s = 1.8499219470996635, .alpha = 2.999117024168752, .K_v = 8.888393828048388 },
      SERVO_EROB100(.kt = 8.7651105517004, .R = EROB80_100_R, .armature = 0.7444198326018837) },
    /* params/erob80_100/m6.json */
    { "erob80_100", "erob80_100", 6,
      { .model = 6, .K_c = 0.0004779665335836211, .K_cs = 5.2264235087217585, .K_m = 0.048887727723564756, .K_e = 7.626323416955297e-08, .K_ms = 8.823275901433639e-06, .K_es = 0.05116664604344119, .K_mq = 0.0027029166135035076, .K_eq = 0.002556257557735874, .dtheta_s = 2.0330344391978556, .alpha = 2.9999247237894795, .K_v = 9.709332392870175 },
      SERVO_EROB100(.kt = 9.39629578274985, .R = EROB80_100_R, .armature = 1.1350955632532613) },
    /* params/xl320/m1.json */
    { "xl320", "xl320", 1,
      { .model = 1, .K_c = 0.027514504332133573, .K_v = 0.003317607576942647 },
      SERVO_XL320(.kt = 0.9869471336819953, .R = 35.609097347319235, .armature = 0.0011189506223419352, .q_offset = -0.020819378421668963) },
    /* params/xl320/m2.json */
    { "xl320", "xl320", 2,
      { .model = 2, .K_c = 3.177176398057847e-13, .K_cs = 0.029893896971168774, .dtheta_s = 2.328630880018793, .alpha = 1.2291010093231018, .K_v = 0.009148664963139992 },
      SERVO_XL320(.kt = 0.9412943898835693, .R = 34.1760764247053, .armature = 0.0011083204599469999, .q_offset = -0.02329389200964553) },
    /* params/xl320/m3.json */
    { "xl320", "xl320", 3,
      { .model = 3, .K_c = 0.020630491373515955, .K_l = 0.21898043608013565, .K_v = 0.0022633483259072375 },
      SERVO_XL320(.kt = 1.0408462056437213, .R = 27.543138077523064, .armature = 0.001498599811990824, .q_offset = -0.018630436297482997) },
    /* params/xl320/m4.json */
    { "xl320", "xl320", 4,
      { .model = 4, .K_c = 6.522076622427767e-12, .K_cs = 0.021503490738180312, .K_l = 0.22138710692461464, .K_ls = 8.459762897200913e-11, .dtheta_s = 1.9672779167547327, .alpha = 1.836241835428265, .K_v = 0.007794402213506581 },
      SERVO_XL320(.kt = 0.9948534969472849, .R = 26.200017809258604, .armature = 0.001481958770010781, .q_offset = -0.02324030641673211) },
    /* params/xl320/m5.json */
    { "xl320", "xl320", 5,
      { .model = 5, .K_c = 6.936756414963028e-09, .K_cs = 0.016288653470458467, .K_m = 3.027099212974675e-08, .K_e = 0.15805798326702472, .K_ms = 7.425588167327617e-09, .K_es = 0.24623407524685495, .dtheta_s = 2.3026673245198115, .alpha = 1.7036615009066722, .K_v = 0.007224488134308582 },
      SERVO_XL320(.kt = 1.0089902629814915, .R = 31.59537719366117, .armature = 0.0011623832707017194, .q_offset = -0.021243741085637008) },
    /* params/xl320/m6.json */
    { "xl320", "xl320", 6,
      { .model = 6, .K_c = 4.333784350288425e-07, .K_cs = 0.016305511369376878, .K_m = 3.0882140904620497e-06, .K_e = 0.158325301089096, .K_ms = 5.965719077390517e-09, .K_es = 0.24548304071888186, .K_mq = 0.0036164099909151977, .K_eq = 0.00471092869180762, .dtheta_s = 2.3010537332753387, .alpha = 1.7067361543333317, .K_v = 0.007225172246502409 },
      SERVO_XL320(.kt = 1.0088269677439867, .R = 31.585877261639528, .armature = 0.0011629864934131363, .q_offset = -0.021178174404549527) },
    /* params/xl330/m1.json */
    { "xl330", "xl330", 1,
      { .model = 1, .K_c = 0.01283272036582759, .K_v = 0.003661672282824312 },
      SERVO_XL330(.kt = 0.3866957639281311, .R = 4.017129222290597, .armature = 0.0018141672784458866, .q_offset = 0.030871000250528358) },
    /* params/xl330/m2.json */
    { "xl330", "xl330", 2,
      { .model = 2, .K_c = 4.133833162325061e-15, .K_cs = 0.01265123828962108, .dtheta_s = 4.166521110955459, .alpha = 1.3636445350385433, .K_v = 0.005620845480615652 },
      SERVO_XL330(.kt = 0.38528091566850053, .R = 4.000263886971013, .armature = 0.001819285317339707, .q_offset = 0.03284548034270232) },
    /* params/xl330/m3.json */
    { "xl330", "xl330", 3,
      { .model = 3, .K_c = 0.008881712972862601, .K_l = 0.12166455532811028, .K_v = 0.004379099756757558 },
      SERVO_XL330(.kt = 0.38042022855161584, .R = 3.380066954773944, .armature = 0.001917772275220315, .q_offset = 0.029439576907685533) },
    /* params/xl330/m4.json */
    { "xl330", "xl330", 4,
      { .model = 4, .K_c = 0.008758627618365112, .K_cs = 7.508873888400355e-17, .K_l = 0.06803357334088644, .K_ls = 0.07381180834784251, .dtheta_s = 2.5577016869227474, .alpha = 0.7601158768377835, .K_v = 0.004621034970462603 },
      SERVO_XL330(.kt = 0.3861709980035537, .R = 3.402572641173151, .armature = 0.0018954552619850965, .q_offset = 0.02807245876562081) },
    /* params/xl330/m5.json */
    { "xl330", "xl330", 5,
      { .model = 5, .K_c = 0.00036595207645983614, .K_cs = 0.008677887561102606, .K_m = 0.2896521957827231, .K_e = 0.0, .K_ms = 3.057449839759573e-05, .K_es = 0.0586825054453192, .dtheta_s = 3.1889119963879637, .alpha = 2.99040048918495, .K_v = 0.00634803186996739 },
      SERVO_XL330(.kt = 0.36221278145533053, .R = 2.7519133088033305, .armature = 0.001846893632595922, .q_offset = 0.02914237064352493) },
    /* params/xl330/m6.json */
    { "xl330", "xl330", 6,
      { .model = 6, .K_c = 0.004771183165566, .K_cs = 0.004676345799486616, .K_m = 0.2667860954283698, .K_e = 8.515871897059342e-06, .K_ms = 1.0722918395099123e-05, .K_es = 0.08077928978935671, .K_mq = 0.009972471242139415, .K_eq = 0.004902565732332559, .dtheta_s = 2.890372094130307, .alpha = 8.683259907618984, .K_v = 0.005359668274599504 },
      SERVO_XL330(.kt = 0.36601349688984386, .R = 2.8113923539223227, .armature = 0.0018077432831600838, .q_offset = 0.0271132870444849) },
    /* params/feetech_sts3215_7_4V/m1.json */
    { "sts3215", "feetech_sts3215_7_4V", 1,
      { .model = 1, .K_c = 0.05239296084748866, .K_v = 0.05908515565091076 },
      SERVO_STS3215(.kt = 1.21164135295077, .R = 2.6761663274455603, .armature = 0.02840336348682085, .q_offset = -0.05116067663549731) },
    /* params/feetech/m6.json (the reference's pull request 1; its "actuator"
     * says "sts3250", the name the STS3215 logs carry: an alias below) */
    { "sts3215", "feetech", 6,
      { .model = 6, .K_c = 0.013343597773929877, .K_cs = 0.015979030965067358, .K_m = 0.043595874959984376, .K_e = 0.11605609187444317, .K_ms = 0.1869529966374398, .K_es = 0.15456184624490737, .K_mq = 0.009421827480947312, .K_eq = 0.005073033111788205, .dtheta_s = 0.3263311104179638, .alpha = 2.2834117819170268, .K_v = 0.054986676303726924 },
      SERVO_STS3215(.kt = 0.7007020801847325, .R = 1.0218624869613808, .armature = 0.008793405204572328) },
    /* params/feetech_sts3215_12V/m1.json (the reference's pull request 5,
     * "actuator": "sts321512v", with error_gain_ratio and max_velocity) */
    { "sts321512v", "feetech_sts3215_12V", 1,
      { .model = 1, .K_c = 0.1958711784097532, .K_v = 0.03047350651248057 },
      SERVO_STS3215_12V(.kt = 1.443985897804671, .R = 2.0295624974250366, .armature = 0.03245999409626578, .q_offset = 0.09452559263254567, .error_gain_ratio = 0.9754522802666795, .max_velocity = 14.597462818084868) },
};

#define N_PRESETS ((int)(sizeof presets / sizeof presets[0]))

int fric_bench_preset_count(void)
{
    return N_PRESETS;
}

const fric_bench_preset *fric_bench_preset_at(int i)
{
    return i >= 0 && i < N_PRESETS ? &presets[i] : NULL;
}

const fric_bench_preset *fric_bench_preset_find(const char *actuator, int model)
{
    for (int i = 0; actuator && i < N_PRESETS; i++)
        if (presets[i].model == model && strcmp(presets[i].actuator, actuator) == 0)
            return &presets[i];
    return NULL;
}

/* The actuators the reference code supports (Rhoban/bam main branch, as
 * ../shared/data/bam/README.md lists them) that have NO published params
 * file here: their firmware constants from the reference code and DEFAULT
 * motor constants (the reference's initial values) — defaults, not
 * identification. They come after the identified actuators, in this order.
 * The bench scenario gives them zero friction unless told otherwise. */
static const struct { const char *name; fric_servo_actuator servo; } defaults[] = {
    /* bam/waveshare/actuator.py (the reference's pull request 12): the
     * STS3215's voltage law without target smoothing, 12 V, kp 32,
     * error_gain 0.166 × error_gain_ratio, max_pwm 1.0; initial kt 0.8826,
     * R 2.727, armature 1e-4 */
    { "waveshare_st3025", { .control = FRIC_SERVO_VOLTAGE, .error_gain = 0.166, .max_pwm = 1.0,
      .vin_default = 12.0, .kp_default = 32.0, .error_gain_ratio = 1.0,
      .kt = 0.8826, .R = 2.727, .armature = 1e-4 } },
    /* bam/actuator.py CurrentControlledActuator with bam/dynamixel/actuator.py's
     * XL330 in current mode (PROVISIONAL: the reference marks it untested):
     * vin 7.5, kp 400, error_gain 0.01, current_limit 1.5 A. kt, R, armature:
     * the voltage-mode XL330's M1 (params/xl330/m1.json, the same motor). The
     * reference regulates the bus current there (duty from
     * vin·d² − kt·θ̇·d − R·|I| = 0); that is not modelled. */
    { "xl330i", { .control = FRIC_SERVO_CURRENT_P, .error_gain = 0.01, .current_limit = 1.5,
      .vin_default = 7.5, .kp_default = 400.0, .error_gain_ratio = 1.0,
      .kt = 0.3866957639281311, .R = 4.017129222290597, .armature = 0.0018141672784458866 } },
    /* bam/feetech_hls/actuator.py: the host's PD loop on the current, vin 12,
     * kp 3, d 0.08, max_amps 0.36; kt 0.97, armature 1e-3; R 7.5 and
     * current_limit 1.37 A held (R never enters the law; current_limit sets
     * the reference's MuJoCo forcerange) */
    { "feetech_hls", { .control = FRIC_SERVO_CURRENT_HOST, .d_gain = 0.08, .max_amps = 0.36,
      .current_limit = 1.37, .vin_default = 12.0, .kp_default = 3.0, .error_gain_ratio = 1.0,
      .kt = 0.97, .R = 7.5, .armature = 1e-3 } },
    /* bam/unitree/actuator.py: τm = clip(e·kp·ratio − d·θ̇, ±max_torque),
     * d 0.3, ratio 1, max_torque 23.7 N·m, armature 0.005. The reference
     * gives no kt, R (the law is a torque): 1 N·m/A and 1 Ω stand in, and
     * no law of this actuator reads them; no default kp either (every log
     * gives one): 10 is ours. */
    { "unitree_go1", { .control = FRIC_SERVO_TORQUE, .damping = 0.3, .max_torque = 23.7,
      .error_gain_ratio = 1.0, .vin_default = 24.0, .kp_default = 10.0,
      .kt = 1.0, .R = 1.0, .armature = 0.005 } },
};
#define N_DEFAULTS ((int)(sizeof defaults / sizeof defaults[0]))

/* Presets are grouped by actuator: an actuator starts where the name changes. */
static int identified_count(void)
{
    int n = 0;
    for (int i = 0; i < N_PRESETS; i++)
        if (i == 0 || strcmp(presets[i].actuator, presets[i - 1].actuator) != 0) n++;
    return n;
}

int fric_bench_actuator_count(void)
{
    return identified_count() + N_DEFAULTS;
}

static const fric_bench_preset *actuator_first(int k)
{
    int n = -1;
    for (int i = 0; i < N_PRESETS; i++) {
        if (i == 0 || strcmp(presets[i].actuator, presets[i - 1].actuator) != 0) n++;
        if (n == k) return &presets[i];
    }
    return NULL;
}

const char *fric_bench_actuator_name(int i)
{
    const fric_bench_preset *p = i >= 0 ? actuator_first(i) : NULL;
    if (p) return p->actuator;
    int k = i - identified_count();
    return i >= 0 && k < N_DEFAULTS ? defaults[k].name : NULL;
}

const fric_servo_actuator *fric_bench_actuator_find(const char *actuator)
{
    for (int i = 0; actuator && i < N_PRESETS; i++)
        if (strcmp(presets[i].actuator, actuator) == 0) return &presets[i].servo;
    for (int i = 0; actuator && i < N_DEFAULTS; i++)
        if (strcmp(defaults[i].name, actuator) == 0) return &defaults[i].servo;
    return NULL;
}

int fric_bench_actuator_identified(const char *actuator)
{
    for (int i = 0; actuator && i < N_PRESETS; i++)
        if (strcmp(presets[i].actuator, actuator) == 0) return 1;
    return 0;
}

/* A log's "motor" field → the actuator of the presets, for the names the
 * logs and the reference use that are not an actuator's own name. The
 * shared STS3215 logs (logs/sts3215/raw) say "sts3250": Rhoban/bam has one
 * Feetech actuator class (bam/feetech/actuator.py, STS3215Actuator) and
 * files these logs under sts3215, so they are replayed with that preset.
 * Keys are normalised (see below). */
static const struct { const char *motor, *actuator; } motor_aliases[] = {
    { "sts3250", "sts3215" },       { "feetechsts3215", "sts3215" },
    { "feetech_sts3215_7_4v", "sts3215" }, { "feetech_sts3215_12v", "sts321512v" },
    { "dynamixelxl330", "xl330" },  { "xl330m288", "xl330" },  { "xl330m077", "xl330" },
    { "mx64ar", "mx64" },           { "mx64t", "mx64" },
    { "mx106ar", "mx106" },         { "mx106t", "mx106" },
    { "st3025", "waveshare_st3025" }, { "wavesharest3025", "waveshare_st3025" },
    { "feetechhls", "feetech_hls" }, { "hls", "feetech_hls" },
    { "go1", "unitree_go1" },       { "unitreego1", "unitree_go1" },
};

int fric_bench_actuator_alias(int i, const char **alias, const char **actuator)
{
    if (i < 0 || i >= (int)(sizeof motor_aliases / sizeof motor_aliases[0])) return 0;
    if (alias) *alias = motor_aliases[i].motor;
    if (actuator) *actuator = motor_aliases[i].actuator;
    return 1;
}

const char *fric_bench_actuator_resolve(const char *motor)
{
    /* normalised: lower case, without '-', '.' and white space */
    char key[64];
    size_t n = 0;
    for (const char *c = motor; c && *c; c++) {
        if (*c == '-' || *c == '.' || strchr(" \t\n\v\f\r", *c)) continue;
        if (n + 1 >= sizeof key) return NULL;
        key[n++] = (char)(*c >= 'A' && *c <= 'Z' ? *c - 'A' + 'a' : *c);
    }
    key[n] = '\0';
    if (n == 0) return NULL;
    for (int i = 0; i < fric_bench_actuator_count(); i++)
        if (strcmp(key, fric_bench_actuator_name(i)) == 0) return fric_bench_actuator_name(i);
    for (size_t i = 0; i < sizeof motor_aliases / sizeof motor_aliases[0]; i++)
        if (strcmp(key, motor_aliases[i].motor) == 0) return motor_aliases[i].actuator;
    return NULL;
}

size_t fric_bench_actuator_note(const char *motor, char *buf, size_t size)
{
    const char *a = fric_bench_actuator_resolve(motor);
    if (a && strcmp(a, motor) != 0)
        return fric__sentence(buf, size, "bench.actuator_alias",
                              "The logs name the motor \"{motor}\", another name of the actuator "
                              "{act}: the core reads it as {act}.",
                              fric__values(fric__s("motor", motor), fric__s("act", a)));
    fric__no_sentence();
    if (buf && size) buf[0] = '\0';
    return 0;
}
