"""Makes a socket through io_uring (IORING_OP_SOCKET: no socket() call for a filter to see), connects it
(IORING_OP_CONNECT) to PORT and to every TCP port listening on 127.0.0.1 that its /proc/self/net/tcp shows but
SKIP (those that listened before the test began: other programs'; under ``bench --cluster local`` the Dask
scheduler is one of the others: the way to the teacher's unconfined process), then a plain socket() as a
fallback. Only connects and closes: sends nothing. Its first step raises what it got."""
import ctypes
import mmap
import socket
import struct

from agents.base import Agent

SETUP, ENTER = 425, 426  # x86-64 and arm64
OP_CONNECT, OP_SOCKET, OP_CLOSE = 16, 45, 19
OTHERS = {int(port) for port in "SKIP".split(",") if port.strip()}
libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long


class Ring:
    def __init__(self):
        params = ctypes.create_string_buffer(120)
        fd = libc.syscall(SETUP, ctypes.c_uint(4), params)
        if fd < 0:
            raise OSError(ctypes.get_errno(), "io_uring_setup")
        self.fd = fd
        sq_entries, cq_entries, _, _, _, features, _ = struct.unpack_from("7I", params, 0)
        self.sq_off = struct.unpack_from("7I", params, 40)  # head, tail, mask, entries, flags, dropped, array
        self.cq_off = struct.unpack_from("6I", params, 80)  # head, tail, mask, entries, overflow, cqes
        sq_size = self.sq_off[6] + sq_entries * 4
        cq_size = self.cq_off[5] + cq_entries * 16
        shared = features & 1  # IORING_FEAT_SINGLE_MMAP
        if shared:
            sq_size = cq_size = max(sq_size, cq_size)
        rw = mmap.PROT_READ | mmap.PROT_WRITE
        self.sq = mmap.mmap(fd, sq_size, mmap.MAP_SHARED, rw, offset=0)
        self.cq = self.sq if shared else mmap.mmap(fd, cq_size, mmap.MAP_SHARED, rw, offset=0x8000000)
        self.sqes = mmap.mmap(fd, sq_entries * 64, mmap.MAP_SHARED, rw, offset=0x10000000)

    def run(self, opcode, fd=0, off=0, addr=0, length=0):
        """One request, waited for; its result (a descriptor, 0, or -errno)."""
        tail, = struct.unpack_from("I", self.sq, self.sq_off[1])
        mask, = struct.unpack_from("I", self.sq, self.sq_off[2])
        index = tail & mask
        self.sqes[index * 64:(index + 1) * 64] = struct.pack("<BBHiQQIIQHHiQQ", opcode, 0, 0, fd, off, addr,
                                                             length, 0, 7, 0, 0, 0, 0, 0)
        struct.pack_into("I", self.sq, self.sq_off[6] + index * 4, index)
        struct.pack_into("I", self.sq, self.sq_off[1], tail + 1)
        if libc.syscall(ENTER, self.fd, 1, 1, 1, None, 0) < 0:
            raise OSError(ctypes.get_errno(), "io_uring_enter")
        head, = struct.unpack_from("I", self.cq, self.cq_off[0])
        cq_mask, = struct.unpack_from("I", self.cq, self.cq_off[2])
        _, result, _ = struct.unpack_from("QiI", self.cq, self.cq_off[5] + (head & cq_mask) * 16)
        struct.pack_into("I", self.cq, self.cq_off[0], head + 1)
        return result


def listening_ports():
    ports = set()
    try:
        with open("/proc/self/net/tcp") as table:
            for line in list(table)[1:]:
                local, state = line.split()[1], line.split()[3]
                address, port = local.split(":")
                if state == "0A" and address in ("0100007F", "00000000") and int(port, 16) not in OTHERS:
                    ports.add(int(port, 16))
    except OSError as exc:
        return ports, f"/proc/self/net/tcp: {exc.strerror}"
    return ports, f"{len(ports)} listening ports"


class IoUringConnect(Agent):
    def act(self, observation):
        ports, seen = listening_ports()
        ports.add(int("PORT"))
        said = [seen]
        try:
            ring = Ring()
        except OSError as exc:
            said.append(f"io_uring refused ({exc.strerror})")
            ring = None
        for port in sorted(ports):
            address = ctypes.create_string_buffer(struct.pack("<H", socket.AF_INET) + struct.pack(">H", port)
                                                  + socket.inet_aton("127.0.0.1") + bytes(8))
            if ring is not None:
                fd = ring.run(OP_SOCKET, fd=socket.AF_INET, off=socket.SOCK_STREAM)
                if fd < 0:
                    said.append(f"io_uring socket failed ({fd})")
                    ring = None
                else:
                    done = ring.run(OP_CONNECT, fd=fd, off=16, addr=ctypes.addressof(address))
                    said.append(f"io_uring connected to 127.0.0.1:{port}" if done == 0
                                else f"io_uring connect to {port} failed ({done})")
                    ring.run(OP_CLOSE, fd=fd)
                    continue
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1):
                    said.append(f"socket connected to 127.0.0.1:{port}")
            except OSError as exc:
                said.append(f"socket to {port} refused ({exc.strerror or exc})")
                break
        raise RuntimeError("; ".join(said))


AGENT = IoUringConnect
