// CPU time of a process's main thread alone, from /proc (Linux): the JIT's and the garbage collector's
// helper threads also spend CPU while a fresh process warms up, but only the main thread answers.
import { readFileSync } from 'node:fs';

const CLK_TCK_MS = 10; // USER_HZ is 100 on every Linux this runs on

export function mainThreadCpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * CLK_TCK_MS; // utime + stime
}
