"""A passthrough FUSE filesystem that holds every write in memory until the file is fsynced.

Use like:
    python unsynced_fs.py BACKING_DIR MOUNTPOINT      (runs in the foreground; scripts/faults/unsynced-fs.sh wraps it)

Why: SIGKILL of a store leaves the OS page cache intact, so a store's fsync policy (Redis appendfsync everysec,
MongoDB's journal commit interval, Elasticsearch's async translog) is never tested by a process kill. A power loss
drops what was written but not fsynced. This layer plays the page cache: file data written through the mount lives
only in this process's memory until fsync/fdatasync of that file, which writes it to the backing file and fsyncs it.
SIGKILL of this process is the crash: its memory is gone, and the backing directory holds exactly the fsynced data.
Mounting a fresh layer on the same backing directory is the reboot.

Covered: file contents and file size (writes, truncation, extension), per file, at page (4 KiB) granularity.
Not covered: the namespace. create, mkdir, unlink and rename reach the backing directory at once, as on a
filesystem that journals metadata synchronously, so a file created and never fsynced survives a crash empty (its
synced size, 0). The layer is harsher than Linux, which also writes dirty pages back after about 30 s: here
nothing unsynced survives, so a loss it shows is the most the store's fsync policy allows.
A clean unmount writes everything back (a clean shutdown flushes the page cache).
"""

import errno
import os
import sys
import threading

import mfusepy as fuse

PAGE = 4096


class VolatileFile:
    """The unsynced state of one backing file (keyed by its inode, so renames keep it)."""

    def __init__(self, backing_path):
        # A read-write descriptor of our own: fsync through a read-only handle and the write-back at unmount need it.
        self.fd = os.open(backing_path, os.O_RDWR)
        synced = os.fstat(self.fd).st_size
        self.size = synced  # the size readers see
        self.floor = synced  # backing bytes at or past this offset are stale (cut by a truncate since the last sync)
        self.pages = {}  # page index -> bytearray(PAGE): written since the last sync

    def _backing_page(self, index):
        start = index * PAGE
        page = bytearray(PAGE)
        valid = max(0, min(PAGE, self.floor - start))
        if valid:
            data = os.pread(self.fd, valid, start)
            page[: len(data)] = data
        return page

    def read(self, size, offset):
        end = min(offset + size, self.size)
        out = bytearray()
        pos = offset
        while pos < end:
            index, within = divmod(pos, PAGE)
            page = self.pages.get(index) or self._backing_page(index)
            take = min(PAGE - within, end - pos)
            out += page[within : within + take]
            pos += take
        return bytes(out)

    def write(self, data, offset):
        pos = 0
        while pos < len(data):
            index, within = divmod(offset + pos, PAGE)
            page = self.pages.get(index)
            if page is None:
                page = self.pages[index] = self._backing_page(index)
            take = min(PAGE - within, len(data) - pos)
            page[within : within + take] = data[pos : pos + take]
            pos += take
        self.size = max(self.size, offset + len(data))
        return len(data)

    def truncate(self, length):
        for index in [i for i in self.pages if i * PAGE >= length]:
            del self.pages[index]
        last = self.pages.get(length // PAGE)
        if last is not None:
            # Bytes past the new end must read as zeros if the file grows again.
            last[length % PAGE :] = bytes(PAGE - length % PAGE)
        self.size = length
        self.floor = min(self.floor, length)

    def sync(self):
        """What fsync does: the backing file gets this file's pages, size and a real fsync, in that order."""
        if os.fstat(self.fd).st_size > self.floor:
            os.ftruncate(self.fd, self.floor)
        for index in sorted(self.pages):
            start = index * PAGE
            if start < self.size:
                os.pwrite(self.fd, self.pages[index][: min(PAGE, self.size - start)], start)
        os.ftruncate(self.fd, self.size)
        os.fsync(self.fd)
        self.pages.clear()
        self.floor = self.size


class UnsyncedFs(fuse.Operations):
    use_ns = True

    def __init__(self, backing):
        self.backing = os.path.realpath(backing)
        self.files = {}  # backing inode -> VolatileFile
        self.handles = {}  # file handle -> backing inode
        self.next_handle = 1
        # One lock over all state: the stores write from several threads (Redis's fsync thread, WiredTiger's).
        self.mutex = threading.Lock()

    def _path(self, path):
        return self.backing + path

    def _file(self, inode, path):
        state = self.files.get(inode)
        if state is None:
            state = self.files[inode] = VolatileFile(self._path(path))
        return state

    def _file_of_handle(self, fh):
        # open and create make the state before they hand out the handle, so it is always there.
        return self.files[self.handles[fh]]

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

    def mkdir(self, path, mode):
        os.mkdir(self._path(path), mode)
        return 0

    def rmdir(self, path):
        os.rmdir(self._path(path))
        return 0

    def unlink(self, path):
        os.unlink(self._path(path))
        return 0

    def rename(self, old, new):
        os.rename(self._path(old), self._path(new))
        return 0

    def symlink(self, target, source):
        os.symlink(source, self._path(target))
        return 0

    def link(self, target, source):
        os.link(self._path(source), self._path(target))
        return 0

    def fsyncdir(self, path, datasync, fh):
        fd = os.open(self._path(path), os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
        return 0

    # --- file data: held in VolatileFile until fsync ---
    def _new_handle(self, inode):
        with self.mutex:
            fh = self.next_handle
            self.next_handle += 1
            self.handles[fh] = inode
            return fh

    def create(self, path, mode, fi=None):
        fd = os.open(self._path(path), os.O_RDWR | os.O_CREAT, mode)
        inode = os.fstat(fd).st_ino
        os.close(fd)
        with self.mutex:
            # A new file may reuse the inode number of a deleted one: it starts with no unsynced state.
            stale = self.files.pop(inode, None)
            if stale is not None:
                os.close(stale.fd)
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
            return self._file_of_handle(fh).write(data, offset)

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
        return 0

    def release(self, path, fh):
        with self.mutex:
            self.handles.pop(fh, None)
        return 0

    def destroy(self, path):
        # A clean unmount is a clean shutdown: the page cache is written back. A crash (SIGKILL) never gets here.
        with self.mutex:
            for state in self.files.values():
                state.sync()
                os.close(state.fd)
            self.files.clear()


def main(argv):
    if len(argv) != 3 or argv[1] in ("-h", "--help"):
        print(__doc__, file=sys.stderr)
        return 2
    backing, mountpoint = argv[1], argv[2]
    # The kernel must not keep file data of its own across our crash: no kernel_cache, and attributes re-read.
    fuse.FUSE(UnsyncedFs(backing), mountpoint, foreground=True, attr_timeout=0, entry_timeout=0)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
