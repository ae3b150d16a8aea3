"""A passthrough FUSE filesystem that holds unsynced writes, file data and namespace alike, as a page cache would.

Use like:
    python unsynced_fs.py [--mode all|prefix|subset|torn] [--seed N] [--namespace dir|file|ext4] [--max-dirty-mb N]
                          --status FILE BACKING MOUNT
(runs in the foreground; scripts/faults/unsynced-fs.sh wraps it and documents the commands.)

Why: SIGKILL of a store leaves the OS page cache intact, so a store's fsync policy (Redis appendfsync everysec,
MongoDB's journal commit interval, Elasticsearch's async translog) is never tested by a process kill. A power loss
drops what was written but not fsynced. This layer plays the page cache:
- File data written through the mount lives in this process's memory (volatile_state.VolatileFile) until fsync or
  fdatasync of that file writes it to the backing file and fsyncs it.
- Namespace operations (create, mkdir, link, symlink, unlink, rmdir, rename) reach the backing directory at once but
  stay pending per directory (volatile_state.NamespaceJournal) until that directory is fsynced; the next mount undoes
  the pending ones, as ext4 loses an uncommitted create or rename at a power loss. --namespace file adds what ext4,
  XFS and btrfs give a file's fsync: the operations that named that file commit with it. --namespace ext4 is ext4's
  own rule: the fsync of any file commits every namespace operation before it (one journal transaction).
- The power loss is SIGUSR2 (the crash command): the layer writes what the loss mode keeps of each file's unsynced
  pages (LOSS_MODES; "all" keeps nothing), records it in the status file and exits at once, with no other write-back.
  SIGKILL alone is the same crash in mode "all". Mounting again on the same backing directory is the reboot.
- syncfs(2) and sync(2) never reach a FUSE daemon (the kernel sends FUSE_SYNCFS only to virtiofs; it only writes back
  its own page cache, which this mount does not use). SIGUSR1 is their stand-in: every file synced, every namespace
  operation committed (the sync command).
- Dirty memory is capped (--max-dirty-mb, 256): past the cap the file with the most unsynced pages is written back
  to its backing file without fsync, as the kernel writes back under its dirty limit; those pages then survive a
  crash. The status file counts them (writeback_pages), so a test can tell that the crash was not the harshest.
- A file's state and its descriptor are dropped when its last handle is released and nothing of it is unsynced.
A clean unmount writes everything back and commits everything (a clean shutdown).
"""

import argparse
import errno
import json
import os
import random
import signal
import sys
import threading

import mfusepy as fuse
from volatile_state import LOSS_MODES, PAGE, NamespaceJournal, VolatileFile


class UnsyncedFs(fuse.Operations):
    use_ns = True

    def __init__(self, backing, state_dir, status_path, mode, seed, namespace_rule, max_dirty_pages):
        self.backing = os.path.realpath(backing)
        self.namespace = NamespaceJournal(self.backing, state_dir, namespace_rule)
        self.files = {}  # backing inode -> VolatileFile
        self.handles = {}  # file handle -> backing inode
        self.next_handle = 1
        self.max_dirty_pages = max_dirty_pages
        self.status_path = status_path
        self.status = {"mode": mode, "seed": seed, "namespace": namespace_rule, "max_dirty_pages": max_dirty_pages}
        self.status |= {"syncfs": 0, "writeback_pages": 0}
        self.rng = random.Random(seed)
        # One lock over all state: the stores write from several threads (Redis's fsync thread, WiredTiger's).
        self.mutex = threading.Lock()

    def _path(self, path):
        return self.backing + path

    def write_status(self):
        tmp = self.status_path + ".tmp"
        with open(tmp, "w") as out:
            json.dump(self.status, out)
        os.replace(tmp, self.status_path)

    def _file(self, inode, path):
        state = self.files.get(inode)
        if state is None:
            state = self.files[inode] = VolatileFile(self._path(path))
        return state

    def _file_of_handle(self, fh):
        # open and create make the state before they hand out the handle, so it is always there.
        return self.files[self.handles[fh]]

    def _drop_if_idle(self, inode):
        state = self.files.get(inode)
        if state is not None and state.handles == 0 and (not state.dirty or os.fstat(state.fd).st_nlink == 0):
            state.close()
            del self.files[inode]

    def _cap_dirty(self):
        while sum(len(f.pages) for f in self.files.values()) > self.max_dirty_pages:
            inode, state = max(self.files.items(), key=lambda item: len(item[1].pages))
            self.status["writeback_pages"] += len(state.pages)
            state.sync(fsync=False)
            self._drop_if_idle(inode)

    # --- the stand-ins for signals the kernel never forwards ---
    def syncfs(self):
        with self.mutex:
            for state in self.files.values():
                state.sync()
            self.namespace.commit_all()
            self.status["syncfs"] += 1
            self.write_status()

    def power_loss(self):
        """The crash: what the loss mode keeps is written, everything else is gone with this process."""
        self.mutex.acquire()  # never released: no FUSE call may run after this
        unsynced = kept = 0
        for inode in sorted(self.files):
            pages, written = self.files[inode].crash(self.status["mode"], self.rng)
            unsynced += pages
            kept += written
        pending = self.namespace.pending
        self.status["crash"] = {"unsynced_pages": unsynced, "kept_pages": kept, "pending_namespace_ops": len(pending)}
        # What the reboot will undo, by name: which directory fsync the store left out.
        named = [" ".join(str(op[key]) for key in ("op", "path", "to") if op[key]) for op in pending]
        self.status["crash"]["pending"] = named
        self.write_status()
        os._exit(0)

    # --- metadata: straight to the backing directory, sizes from the volatile state ---
    def getattr(self, path, fh=None):
        st = os.lstat(self._path(path))
        attrs = {
            key: getattr(st, key)
            for key in ("st_mode", "st_nlink", "st_uid", "st_gid", "st_size", "st_ino", "st_blocks")
        }
        attrs.update(st_atime=st.st_atime_ns, st_mtime=st.st_mtime_ns, st_ctime=st.st_ctime_ns)
        with self.mutex:
            state = self.files.get(st.st_ino)
            if state is not None:
                attrs["st_size"] = state.size
                attrs["st_blocks"] = (state.size + 511) // 512
        return attrs

    def readdir(self, path, fh):
        return [".", ".."] + os.listdir(self._path(path))

    def readlink(self, path):
        return os.readlink(self._path(path))

    def statfs(self, path):
        st = os.statvfs(self._path(path))
        keys = ("f_bavail", "f_bfree", "f_blocks", "f_bsize", "f_favail", "f_ffree", "f_files", "f_flag", "f_frsize")
        return {key: getattr(st, key) for key in keys} | {"f_namemax": st.f_namemax}

    def access(self, path, amode):
        if not os.access(self._path(path), amode):
            raise fuse.FuseOSError(errno.EACCES)
        return 0

    def chmod(self, path, mode):
        os.chmod(self._path(path), mode)
        return 0

    def chown(self, path, uid, gid):
        os.lchown(self._path(path), uid, gid)
        return 0

    def utimens(self, path, times=None):
        os.utime(self._path(path), ns=times, follow_symlinks=False)
        return 0

    # --- the namespace: pending per directory until its fsync ---
    def _journaled(name):
        """The FUSE operation NAME, passed on as it is to the journal's method of that name."""

        def operation(self, *args):
            with self.mutex:
                getattr(self.namespace, name)(*args)
            return 0

        return operation

    mkdir, rmdir, rename, symlink, link = map(_journaled, ("mkdir", "rmdir", "rename", "symlink", "link"))
    del _journaled

    def unlink(self, path):
        with self.mutex:
            inode = os.lstat(self._path(path)).st_ino
            self.namespace.unlink(path)
            self._drop_if_idle(inode)
        return 0

    def fsyncdir(self, path, datasync, fh):
        with self.mutex:
            self.namespace.fsyncdir(path)
            for inode in list(self.files):
                self._drop_if_idle(inode)  # an unlink committed: its trash link is gone
        return 0

    # --- file data: held in VolatileFile until fsync ---
    def _new_handle(self, inode):
        fh = self.next_handle
        self.next_handle += 1
        self.handles[fh] = inode
        self.files[inode].handles += 1
        return fh

    def create(self, path, mode, fi=None):
        with self.mutex:
            fd = self.namespace.create(path, mode)
            inode = os.fstat(fd).st_ino
            os.close(fd)
            state = self._file(inode, path)
            if fi and (fi & os.O_TRUNC):
                state.truncate(0)
            return self._new_handle(inode)

    def open(self, path, flags):
        inode = os.lstat(self._path(path)).st_ino
        with self.mutex:
            state = self._file(inode, path)
            if flags & os.O_TRUNC:
                state.truncate(0)
            return self._new_handle(inode)

    def read(self, path, size, offset, fh):
        with self.mutex:
            return self._file_of_handle(fh).read(size, offset)

    def write(self, path, data, offset, fh):
        with self.mutex:
            written = self._file_of_handle(fh).write(data, offset)
            self._cap_dirty()
            return written

    def truncate(self, path, length, fh=None):
        with self.mutex:
            if fh is not None and fh in self.handles:
                state = self._file_of_handle(fh)
            else:
                state = self._file(os.lstat(self._path(path)).st_ino, path)
            state.truncate(length)
        return 0

    def fallocate(self, path, mode, offset, size, fh):
        # Not emulated: callers (glibc's posix_fallocate, WiredTiger) fall back to writing zeros, which we buffer.
        raise fuse.FuseOSError(errno.EOPNOTSUPP)

    def flush(self, path, fh):
        # close() is not fsync: nothing is written back here.
        return 0

    def fsync(self, path, datasync, fh):
        with self.mutex:
            self._file_of_handle(fh).sync()
            self.namespace.file_synced(path)
        return 0

    def release(self, path, fh):
        with self.mutex:
            inode = self.handles.pop(fh, None)
            if inode in self.files:
                self.files[inode].handles -= 1
                self._drop_if_idle(inode)
        return 0

    def destroy(self, path):
        # A clean unmount is a clean shutdown: the page cache is written back. A crash never gets here.
        with self.mutex:
            for state in self.files.values():
                state.sync()
                state.close()
            self.files.clear()
            self.namespace.commit_all()
            self.namespace.close()


def serve_signals(layer):
    """SIGUSR1: syncfs; SIGUSR2: the power loss. Taken by this thread alone (blocked everywhere, see main)."""
    while True:
        if signal.sigwait({signal.SIGUSR1, signal.SIGUSR2}) == signal.SIGUSR2:
            layer.power_loss()
        layer.syncfs()


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--mode", choices=LOSS_MODES, default="all")
    parser.add_argument("--seed", type=int, default=None, help="default: a random one, recorded in the status file")
    parser.add_argument("--namespace", choices=NamespaceJournal.RULES, default="dir")
    parser.add_argument("--max-dirty-mb", type=int, default=256)
    parser.add_argument("--status", required=True, help="a JSON file: mode, seed, counters, and the crash's figures")
    parser.add_argument("backing")
    parser.add_argument("mountpoint")
    args = parser.parse_args(argv[1:])
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    backing = os.path.realpath(args.backing)
    state_dir = backing + ".unsynced-ns"
    os.makedirs(state_dir, exist_ok=True)
    # The reboot: namespace operations that a crash caught uncommitted are undone before anything is served.
    undone = NamespaceJournal.recover(backing, state_dir)
    dirty_pages = args.max_dirty_mb * 1024 * 1024 // PAGE
    layer = UnsyncedFs(backing, state_dir, args.status, args.mode, seed, args.namespace, dirty_pages)
    layer.status["undone_at_mount"] = undone
    layer.write_status()
    # Blocked before libfuse starts its threads, which inherit the mask: only serve_signals takes them.
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGUSR1, signal.SIGUSR2})
    threading.Thread(target=serve_signals, args=(layer,), daemon=True).start()
    # The kernel must not keep file data of its own across our crash: no kernel_cache, and attributes re-read.
    fuse.FUSE(layer, args.mountpoint, foreground=True, attr_timeout=0, entry_timeout=0)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
