"""What the Python benchmarks of deck-server share: starting a server, a small HTTP/1.1 client,
percentiles, a throw-away PostgreSQL cluster, the CPU time of processes and the file limit
(bench-table-events.py, bench-tabletop-drags.py, bench-table-page.py), and the hostile
benchmarks' victim (bench-connection-attacks.py, bench-show-hostile.py).
"""

import argparse
import asyncio
import json
import os
import resource
import shutil
import socket
import subprocess
import sys
import tempfile


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(binary, work, extra, max_streams=5000, max_connections=None):
    """Starts `binary` on a free loopback port with `extra` options; (the process, (host, port)).
    `max_connections` (the server's default when None) and `max_streams` bound its connections."""
    log = open(os.path.join(work, f"server-{len(os.listdir(work))}.log"), "w+")
    bounds = ["--max-streams", str(max_streams)] + (["--max-connections", str(max_connections)] if max_connections else [])
    process = subprocess.Popen(
        [binary, "--host", "127.0.0.1", "--port", "0", "--log-level", "warning",
         "--creations-per-minute", "0", "--max-streams-per-client", "0", "--max-connections-per-client", "0"] + bounds + extra,
        stdout=subprocess.PIPE, stderr=log, text=True)
    line = process.stdout.readline()
    if not line.startswith("deck-server listening on "):
        log.seek(0)
        raise SystemExit(f"deck-server did not start: {line}{log.read()}")
    url = line.split()[-1]
    host, port = url.removeprefix("http://").split(":")
    return process, (host, int(port))


# --- a small HTTP/1.1 client on keep-alive connections ----------------------------------------

class Connection:
    def __init__(self, address):
        self.address = address
        self.reader = self.writer = None

    async def request(self, method, path, token=None):
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(*self.address, limit=1 << 22)
        headers = f"{method} {path} HTTP/1.1\r\nHost: {self.address[0]}:{self.address[1]}\r\nContent-Length: 0\r\n"
        if token:
            headers += f"Authorization: Bearer {token}\r\n"
        self.writer.write((headers + "\r\n").encode())
        head = await self.reader.readuntil(b"\r\n\r\n")
        status = int(head.split(b" ", 2)[1])
        length = 0
        for line in head.split(b"\r\n"):
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":")[1])
        body = await self.reader.readexactly(length)
        return status, json.loads(body)


def percentile(values, fraction):
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


class Cluster:
    """A throw-away PostgreSQL cluster on a free loopback port, with PostgreSQL's defaults."""

    def __init__(self, prefix="deck-bench-events-"):
        versions = sorted(os.listdir("/usr/lib/postgresql"), key=int)
        self.bin = f"/usr/lib/postgresql/{versions[-1]}/bin"
        self.folder = tempfile.mkdtemp(prefix=prefix)
        os.chmod(self.folder, 0o755)
        if os.getuid() == 0:
            shutil.chown(self.folder, "postgres", "postgres")
        self.port = free_port()
        self.as_postgres([f"{self.bin}/initdb", "-D", f"{self.folder}/data", "-A", "trust", "-U", "postgres"])
        self.as_postgres([f"{self.bin}/pg_ctl", "-D", f"{self.folder}/data", "-l", f"{self.folder}/log", "-w", "-o",
                          f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c max_connections=200", "start"])
        self.as_postgres([f"{self.bin}/createdb", "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres", "decks"])
        self.url = f"postgres://postgres@127.0.0.1:{self.port}/decks?sslmode=disable"

    def as_postgres(self, command):
        if os.getuid() == 0:
            command = ["runuser", "-u", "postgres", "--"] + command
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def remove(self):
        try:
            self.as_postgres([f"{self.bin}/pg_ctl", "-D", f"{self.folder}/data", "-m", "fast", "-w", "stop"])
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)


def parse_arguments(doc, prefix, parts=("sqlite", "postgres"), more=None):
    """The command line every benchmark takes (the server binary, --seconds, --only one of
    `parts`; `more(parser)` may add options) and a new work folder named with `prefix`:
    (arguments, the binary's absolute path, the folder)."""
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    parser.add_argument("server", nargs="?", default="Server/.build/release/deck-server")
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--only", choices=list(parts))
    if more:
        more(parser)
    parsed = parser.parse_args()
    return parsed, os.path.abspath(parsed.server), tempfile.mkdtemp(prefix=prefix)


def cpu_seconds(pid, children=False):
    """utime + stime of `pid` (and of its waited-for children, with `children`), in seconds."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    ticks = int(fields[11]) + int(fields[12]) + ((int(fields[13]) + int(fields[14])) if children else 0)
    return ticks / os.sysconf("SC_CLK_TCK")


def cluster_cpu_seconds(cluster):
    """The CPU seconds of the cluster's postmaster, its live children and those it waited for."""
    with open(f"{cluster.folder}/data/postmaster.pid") as pidfile:
        postmaster = int(pidfile.readline())
    total = cpu_seconds(postmaster, children=True)
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    parent = int(stat.read().rsplit(")", 1)[1].split()[1])
                if parent == postmaster:
                    total += cpu_seconds(int(entry))
            except (OSError, ValueError):
                pass
    return total


def raise_file_limit():
    """Raises this process's soft limit of open files to the hard one (children inherit it);
    returns the limit now."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return hard


async def victim(host, port, path, seconds, source="127.0.0.1", headers=()):
    """Runs bench_victim.py (one keep-alive client GETting `path`, from the address `source`, in
    a process of its own) for `seconds`; (answers a second, p50 ms, p99 ms)."""
    script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "bench_victim.py")
    process = await asyncio.create_subprocess_exec(
        sys.executable, script, source, host, str(port), path, str(seconds), *headers, stdout=asyncio.subprocess.PIPE)
    out, _ = await process.communicate()
    rate, p50, p99 = out.decode().split()
    return float(rate), float(p50), float(p99)
