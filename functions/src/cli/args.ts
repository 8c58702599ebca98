/** `--name value` pairs of a command line, for the operator scripts. */
export function parseArgs(argv: string[]): Record<string, string> {
  const result: Record<string, string> = {};
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (!arg.startsWith('--')) throw new Error(`Unexpected argument: ${arg}`);
    const [name, inline] = arg.slice(2).split('=', 2);
    const value = inline ?? argv[++i];
    if (value === undefined) throw new Error(`Missing value for --${name}`);
    result[name] = value;
  }
  return result;
}
