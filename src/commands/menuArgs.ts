// A command run from a menu gets VS Code's own arguments first (the view's element, a Uri, the tree's
// context object); run from the palette it gets none; a test or another extension passes the handler's own.
// Handlers take an argument only when it is their own kind and otherwise ask the user, as from the palette.
// Pure: no vscode import, so the rule is unit-tested without a workbench.

/** `arg` when `isOwn` accepts it, else undefined (a menu's argument, or none). */
export function ownArgument<T>(arg: unknown, isOwn: (value: unknown) => value is T): T | undefined {
  return isOwn(arg) ? arg : undefined;
}

export function isString(value: unknown): value is string {
  return typeof value === 'string';
}

/** The scene filter's own argument: a scene name, or null / '' for "all scenes". */
export function isSceneArgument(value: unknown): value is string | null {
  return value === null || typeof value === 'string';
}

/**
 * A string that names no known value is a caller's mistake (a test, a keybinding's args) and is reported;
 * anything that is not a string came from a menu and means "ask".
 */
export function ownChoice<T extends string>(arg: unknown, isKnown: (value: string) => value is T, what: string): T | undefined {
  if (typeof arg !== 'string') return undefined;
  if (!isKnown(arg)) throw new Error(`unknown ${what}: ${JSON.stringify(arg)}`);
  return arg;
}
