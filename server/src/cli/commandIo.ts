// What a command-line program reads and writes, so its main function runs
// the same as a process of its own or inside another one (e.g. a test):
// the environment, the two output streams and the resulting exit code.
import { CommanderError, type Command } from 'commander';

export interface CommandIo {
  env: NodeJS.ProcessEnv;
  out(text: string): void;
  err(text: string): void;
}

/** The process's own environment and streams. */
export const processIo: CommandIo = {
  env: process.env,
  out: (text) => console.log(text),
  err: (text) => console.error(text),
};

/**
 * Routes commander's help and error output of `program` and all its commands
 * to `io`, and makes commander throw a CommanderError instead of ending the
 * process (see exitCodeOf).
 */
export function commandOutputTo(program: Command, io: CommandIo): Command {
  const streams = {
    writeOut: (text: string) => io.out(text.replace(/\n$/, '')),
    writeErr: (text: string) => io.err(text.replace(/\n$/, '')),
  };
  const apply = (command: Command) => {
    command.exitOverride().configureOutput(streams);
    for (const sub of command.commands) apply(sub);
  };
  apply(program);
  return program;
}

/** The exit code of a CommanderError (its message was printed already), else undefined. */
export function commanderExitCode(err: unknown): number | undefined {
  return err instanceof CommanderError ? err.exitCode : undefined;
}
