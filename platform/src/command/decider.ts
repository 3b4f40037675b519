/** A pure decider (Emmett/Chassaing style): no I/O, no clock; time comes in on the command. */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
}

export interface Decider<State, Command, Event extends DomainEvent> {
  initialState: () => State;
  evolve: (state: State, event: Event) => State;
  /** Returns the new events, or throws a CommandError when the command is refused. */
  decide: (command: Command, state: State) => Event[];
}
