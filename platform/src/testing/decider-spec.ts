import { expect } from 'vitest';
import type { Decider, DomainEvent } from '../command/decider';
import { CommandError, type CommandErrorKind } from '../command/errors';

/**
 * Given/when/then for deciders, after Emmett's DeciderSpecification:
 * `spec(decider).given([...events]).when(command).then([...events])` or `.thenRefuses('conflict', /text/)`.
 */
export function deciderSpec<State, Command, Event extends DomainEvent>(decider: Decider<State, Command, Event>) {
  return {
    given(events: Event[]) {
      return {
        when(command: Command) {
          const run = () => decider.decide(command, events.reduce(decider.evolve, decider.initialState()));
          return {
            then(expected: Event[]) {
              expect(run()).toEqual(expected);
            },
            thenNothingHappens() {
              expect(run()).toEqual([]);
            },
            thenRefuses(kind: CommandErrorKind, message?: RegExp) {
              let error: unknown;
              try {
                run();
              } catch (e) {
                error = e;
              }
              expect(error).toBeInstanceOf(CommandError);
              expect((error as CommandError).kind).toBe(kind);
              if (message) expect((error as CommandError).message).toMatch(message);
            },
          };
        },
      };
    },
  };
}
