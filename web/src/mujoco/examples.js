// mujoco/examples.js: the worked robots of the "Your robot" section, once
// (the page's "Open …" buttons, `make web`'s copy tools/examples.mjs, the
// headless bench benchmarks/bench_robot.mjs and tests/web/robot.test.mjs
// read this list). The repository ships no meshes: `make web` copies each
// robot's folder from ../shared/data into build/web/examples/<id>/ when it
// is there and writes build/web/examples/index.json; where it is not, the
// page says where to get the files (`how`). Both are Apache-2.0: `make dist`
// carries them too (tools/examples.mjs into the package's examples/), each
// with the licence text (LICENSE) and the notices its source asks to keep
// (`notices`, paths under ../shared/data, copied into examples/<id>/NOTICE/);
// these legal files are not among the robot's files the page loads.
export const EXAMPLES = [
  {
    id: 'so101',
    label: 'the SO-101',
    shared: 'so101',                         // folder under ../shared/data
    main: 'scene.xml',
    mapping: 'class:sts3215=sts3215/m1',
    servos: 'six Feetech STS3215 (class sts3215): the 7.4 V M1 preset',
    source: 'TheRobotStudio SO-ARM100, Simulation/SO101 (Apache-2.0)',
    how: 'Get TheRobotStudio\'s SO-ARM100 repository (github.com/TheRobotStudio/SO-ARM100, Apache-2.0) and drop its Simulation/SO101 folder here.',
    licence: 'Apache-2.0',                   // its LICENSE is in the folder
    notices: [],
  },
  {
    id: '2r',
    label: 'the 2R arm of the M1–M6 paper',
    shared: 'bam/2R/2r_mx',
    main: 'scene.xml',
    mapping: 'R1=mx106/m4,R2=mx64/m4',
    servos: 'Dynamixel MX-106 (shoulder R1) and MX-64 (elbow R2): bam\'s M4',
    source: 'Rhoban/bam, 2R/2r_mx (Apache-2.0); Duclusaud et al. §VI-B, Figs. 1, 6, 7',
    how: 'Get Rhoban\'s bam repository (github.com/Rhoban/bam, Apache-2.0) and drop its 2R/2r_mx folder here.',
    licence: 'Apache-2.0',
    // the folder has no licence file: bam's notice (its README.md, "Keep this
    // notice with any copy") and the 2R folder's README go beside the copy
    notices: ['bam/README.md', 'bam/2R/README-bam.md'],
  },
];

/**
 * The files of worked robot ex as `make web` copied them beside the page
 * (examples/<id>/, listed in examples/index.json): { map (relative path →
 * Uint8Array), bytes }, or null when they are not there (ex.how says where
 * to get them). An HTTP failure throws an Error carrying { file, status }.
 */
export async function fetchExampleFiles(ex) {
  const r = await fetch('examples/index.json').catch(() => null);
  const entry = r?.ok ? (await r.json())[ex.id] : null;
  if (!entry || entry.missing) return null;
  const map = new Map();
  for (const f of entry.files) {
    const got = await fetch(`examples/${ex.id}/${f.split('/').map(encodeURIComponent).join('/')}`);
    if (!got.ok) throw Object.assign(new Error(`examples/${ex.id}/${f}: HTTP ${got.status}`), { file: f, status: got.status });
    map.set(f, new Uint8Array(await got.arrayBuffer()));
  }
  return { map, bytes: entry.bytes };
}
