// The CLI's own failures, shared by cli.ts and the command modules so that each is printed one way.

/** A failure the user can act on, printed as one line (exit 2). */
export class CliError extends Error {}

/** A mistake in the command line (a missing or bad argument): printed with the usage text (exit 2). */
export class CliUsageError extends CliError {}
