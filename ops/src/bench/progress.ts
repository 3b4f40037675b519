import cliProgress from 'cli-progress';

/** One line per phase, so a log without a terminal still shows where the run is. */
export function phase(n: number, of: number, title: string): void {
  process.stdout.write(`\n▸ [${n}/${of}] ${title}\n`);
}

export function note(text: string): void {
  process.stdout.write(`  ${text}\n`);
}

export interface Bar {
  update(value: number, total?: number): void;
  stop(): void;
}

/**
 * A progress bar. Callers update it every few hundred items (a redraw per item would cost
 * more than the append being measured); off a terminal it prints nothing.
 */
export function bar(label: string, total: number, unit = 'events'): Bar {
  const b = new cliProgress.SingleBar(
    {
      format: `  ${label.padEnd(22)} {bar} {percentage}% | {value}/{total} ${unit} | {duration_formatted}`,
      hideCursor: true,
      clearOnComplete: false,
      fps: 10,
    },
    cliProgress.Presets.shades_classic,
  );
  b.start(total, 0);
  return {
    update(value, newTotal) {
      if (newTotal !== undefined && newTotal !== b.getTotal()) b.setTotal(newTotal);
      b.update(value);
    },
    stop() {
      b.stop();
    },
  };
}
