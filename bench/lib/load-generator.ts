import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type {
  AcknowledgedSave,
  GeneratorCommand,
  GeneratorMessage,
  GeneratorPlan,
  WindowReport,
} from './listener-model.ts';
import { projectRoot } from './paths.ts';

/** The load generator in its own process, driven over IPC. */
export class LoadGenerator {
  private readonly child: ChildProcess;
  private waiting: ((message: GeneratorMessage) => void)[] = [];
  private readonly planFile: string;

  private constructor(plan: GeneratorPlan) {
    this.planFile = path.join(
      fs.mkdtempSync(path.join(os.tmpdir(), 'relatos-capacity-plan-')),
      'plan.json',
    );
    fs.writeFileSync(this.planFile, JSON.stringify(plan), { mode: 0o600 });
    this.child = spawn(
      process.execPath,
      ['--import', 'tsx', 'bench/capacity-load.ts', this.planFile],
      { cwd: projectRoot, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
    );
    this.child.on('message', (message: GeneratorMessage) => this.waiting.shift()?.(message));
    this.child.once('exit', () => fs.rmSync(path.dirname(this.planFile), { recursive: true }));
  }

  static async start(plan: GeneratorPlan): Promise<LoadGenerator> {
    const generator = new LoadGenerator(plan);
    await generator.next();
    return generator;
  }

  private next(): Promise<GeneratorMessage> {
    return new Promise((resolve, reject) => {
      this.waiting.push(resolve);
      this.child.once('exit', (code) =>
        reject(new Error(`the load generator exited (code ${code})`)),
      );
    });
  }

  private command(command: GeneratorCommand) {
    // Sending to a generator that has exited raises an 'error' event nobody handles.
    if (!this.child.connected) throw new Error('the load generator has exited');
    this.child.send(command);
  }

  target(listeners: number, arriveOverMs: number) {
    this.command({ type: 'target', listeners, arriveOverMs });
  }

  async window(): Promise<WindowReport> {
    const answer = this.next();
    this.command({ type: 'window' });
    const message = await answer;
    if (message.type !== 'window') throw new Error(`unexpected ${message.type}`);
    return message.report;
  }

  async stop(): Promise<AcknowledgedSave[]> {
    const answer = this.next();
    this.command({ type: 'stop' });
    const message = await answer;
    if (message.type !== 'stopped') throw new Error(`unexpected ${message.type}`);
    return message.acknowledged;
  }
}
