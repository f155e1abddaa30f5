// benchmarks/args.mjs: the command line the Node benchmarks share,
// `NAME.mjs [--short] [--json PATH]`; an unknown argument prints the usage
// and exits 2.

/** { short, jsonPath } from argv; jsonPath null when not given. */
export function benchArgs(name, argv = process.argv.slice(2)) {
  let short = false, jsonPath = null;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--short') short = true;
    else if (argv[i] === '--json' && i + 1 < argv.length) jsonPath = argv[++i];
    else {
      console.error(`${name}: unknown argument '${argv[i]}'; usage: ${name}.mjs [--short] [--json PATH]`);
      process.exit(2);
    }
  }
  return { short, jsonPath };
}
