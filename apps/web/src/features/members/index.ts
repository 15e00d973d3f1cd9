/**
 * The public surface of features/members: what other features may import from it (docs/architecture.md,
 * "The web app"); the rest of the folder is its own.
 */
