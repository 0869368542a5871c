/** The nice value of each thread of this process, by the kernel's thread id (Linux: /proc/self/task). */
import fs from 'node:fs';

export function threadNiceValues(): Map<number, number> {
  const nice = new Map<number, number>();
  for (const tid of fs.readdirSync('/proc/self/task')) {
    const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    // The fields after the command's closing parenthesis: state is the 3rd field, nice the 19th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    nice.set(Number(tid), Number(fields[16]));
  }
  return nice;
}

/** The nice value of each child process of this process, by pid (Linux: /proc). */
export function childProcessNiceValues(): Map<number, number> {
  const nice = new Map<number, number>();
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[1]) === process.pid) nice.set(Number(pid), Number(fields[16]));
  }
  return nice;
}
