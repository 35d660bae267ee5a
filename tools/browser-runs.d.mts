export const SECOND_RUN_FILES: string[];
export function firstRunArgs(): string[];
export function secondRunArgs(): string[];
