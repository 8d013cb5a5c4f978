import fs from 'node:fs';

/** The pid and every descendant (PostgreSQL's postmaster and its backends, workers). */
export function processTree(rootPid: number): number[] {
  const children = new Map<number, number[]>();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      // Field 4 (ppid) follows the parenthesised command name, which may contain spaces.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(name)]);
    } catch {
      // the process ended while we looked
    }
  }
  const tree: number[] = [];
  const queue = [rootPid];
  while (queue.length > 0) {
    const pid = queue.shift()!;
    tree.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return tree;
}

/** CPU time (ms, user + system) one process has used so far (/proc/<pid>/stat, in ticks). */
export function processCpuMs(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // USER_HZ is 100 on Linux
  } catch {
    return 0; // the process ended while we looked
  }
}

/** Resident memory (MB, VmRSS) of one process. */
export function processResidentMb(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0; // the process ended while we looked
  }
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** CPU time (ms) of a process and all its descendants. */
export const treeCpuMs = (rootPid: number) => sum(processTree(rootPid).map(processCpuMs));

/** Resident memory (MB) of a process and all its descendants. */
export const treeResidentMb = (rootPid: number) => sum(processTree(rootPid).map(processResidentMb));

/**
 * CPU time (ms) of a process, of its live descendants and of the children it has reaped
 * (cutime + cstime): a PostgreSQL postmaster's backends come and go with their connections, and a
 * backend that ended between two readings would otherwise take its CPU time with it.
 */
export function reapingTreeCpuMs(rootPid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${rootPid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const reaped = ((Number(fields[13]) + Number(fields[14])) * 1000) / 100;
    return reaped + treeCpuMs(rootPid);
  } catch {
    return 0;
  }
}

/** The direct children of a process that run this command (`comm`, e.g. postgres). */
export function childrenNamed(pid: number, command: string): number[] {
  return processTree(pid).filter((candidate) => {
    try {
      const stat = fs.readFileSync(`/proc/${candidate}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      return (
        name === command && Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid
      );
    } catch {
      return false;
    }
  });
}
