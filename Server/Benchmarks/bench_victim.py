"""The victim of the hostile benchmarks (bench-connection-attacks.py, bench-show-hostile.py): one
keep-alive connection that GETs one path again and again for some seconds, in a process of its
own so that the attack's event loop cannot slow it. Prints `rate p50 p99`: answers a second and
the median and 99th-percentile latencies in milliseconds.

    python3 bench_victim.py SOURCE HOST PORT PATH SECONDS [HEADER ...]
"""
import socket
import sys
import time


def main():
    source, host, port, path, seconds = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], float(sys.argv[5])
    headers = "".join(f"{header}\r\n" for header in sys.argv[6:])
    raw = f"GET {path} HTTP/1.1\r\nHost: x\r\n{headers}\r\n".encode()
    connection = socket.socket()
    connection.bind((source, 0))
    connection.connect((host, port))
    latencies, end = [], time.monotonic() + seconds
    while time.monotonic() < end:
        started = time.monotonic()
        connection.sendall(raw)
        received = b""
        while b"\r\n\r\n" not in received:
            received += connection.recv(65536)
        head, _, body = received.partition(b"\r\n\r\n")
        length = int([line.split(b":")[1] for line in head.split(b"\r\n") if line.lower().startswith(b"content-length")][0])
        while len(body) < length:
            body += connection.recv(65536)
        latencies.append((time.monotonic() - started) * 1000)
    latencies.sort()
    print(f"{len(latencies) / seconds:.0f} {latencies[len(latencies) // 2]:.2f} {latencies[int(len(latencies) * 0.99)]:.2f}")


if __name__ == "__main__":
    main()
