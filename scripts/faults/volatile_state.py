"""The in-memory state of the unsynced-write layer (unsynced_fs.py), apart from FUSE so that it can be tested alone.

VolatileFile: one file's data written since its last fsync, at page granularity, and what of it a power loss keeps
(LOSS_MODES). NamespaceJournal: create, mkdir, link, symlink, unlink, rmdir and rename, applied to the backing
directory at once but undone at the next mount unless a directory they touch was fsynced (or the whole layer synced)
before the crash, as ext4 loses a create or rename whose transaction never committed.
"""

import json
import os
import stat

PAGE = 4096
SECTOR = 512

# What a power loss keeps of a file's unsynced pages (page-index order, the order writeback goes in):
#   all     nothing: every unsynced page is lost (the harshest; the default)
#   prefix  the first k of the n unsynced pages, k uniform in 0..n (writeback stopped part way)
#   subset  each unsynced page kept with probability 1/2 (writeback in no useful order)
#   torn    every unsynced page but the last, and of the last only its first 1-7 sectors of 512 bytes (a torn write)
LOSS_MODES = ("all", "prefix", "subset", "torn")


class VolatileFile:
    """The unsynced state of one backing file (keyed by its inode, so renames keep it)."""

    def __init__(self, backing_path):
        # A read-write descriptor of our own: fsync through a read-only handle and the write-back at unmount need it.
        self.fd = os.open(backing_path, os.O_RDWR)
        synced = os.fstat(self.fd).st_size
        self.synced = synced  # the backing file's size after the last sync
        self.size = synced  # the size readers see
        self.floor = synced  # backing bytes at or past this offset are stale (cut by a truncate since the last sync)
        self.pages = {}  # page index -> bytearray(PAGE): written since the last sync
        self.handles = 0  # open file handles on this file; the state is dropped once none is left and it is clean

    def close(self):
        os.close(self.fd)

    @property
    def dirty(self):
        return bool(self.pages) or self.size != self.synced or self.floor != self.synced

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

    def sync(self, fsync=True):
        """What fsync does: the backing file gets this file's pages, size and a real fsync, in that order.

        fsync=False is the kernel's own writeback (dirty memory over its cap): the data reaches the backing file and
        survives a crash of the layer, as written-back pages survive a power loss."""
        if os.fstat(self.fd).st_size > self.floor:
            os.ftruncate(self.fd, self.floor)
        for index in sorted(self.pages):
            start = index * PAGE
            if start < self.size:
                os.pwrite(self.fd, self.pages[index][: min(PAGE, self.size - start)], start)
        os.ftruncate(self.fd, self.size)
        if fsync:
            os.fsync(self.fd)
        self.pages.clear()
        self.floor = self.synced = self.size

    def survivors(self, mode, rng):
        """What a power loss keeps of the unsynced pages: [(offset, bytes)] and the file's size after it.

        A truncate not synced is lost in every mode (the backing file keeps its synced bytes); kept pages are written
        over them and may extend the file (up to the size readers saw), leaving zeros where a page before them was
        lost."""
        indexes = sorted(i for i in self.pages if i * PAGE < self.size)
        if mode == "all" or not indexes:
            kept = []
        elif mode == "prefix":
            kept = [(i, PAGE) for i in indexes[: rng.randint(0, len(indexes))]]
        elif mode == "subset":
            kept = [(i, PAGE) for i in indexes if rng.random() < 0.5]
        elif mode == "torn":
            kept = [(i, PAGE) for i in indexes[:-1]] + [(indexes[-1], SECTOR * rng.randint(1, PAGE // SECTOR - 1))]
        else:
            raise ValueError(f"unknown loss mode {mode!r}: one of {', '.join(LOSS_MODES)}")
        writes = []
        for index, length in kept:
            start = index * PAGE
            length = min(length, self.size - start)
            writes.append((start, bytes(self.pages[index][:length])))
        size = max([self.synced] + [start + len(data) for start, data in writes])
        return writes, size

    def crash(self, mode, rng):
        """Writes what the power loss keeps (survivors) to the backing file; returns (unsynced pages, kept pages)."""
        writes, size = self.survivors(mode, rng)
        for start, data in writes:
            os.pwrite(self.fd, data, start)
        if size > os.fstat(self.fd).st_size:
            os.ftruncate(self.fd, size)
        return sum(1 for i in self.pages if i * PAGE < self.size), len(writes)


def _parent(path):
    return os.path.dirname(path) or "/"


def _under(name, tree):
    return name == tree or name.startswith(tree.rstrip("/") + "/")


class NamespaceJournal:
    """Namespace operations pending per directory, with the undo that a crash before their commit brings.

    Each operation is written to a journal file (JOURNAL in the state directory, beside the backing directory) before
    it reaches the backing directory; a name it replaces or removes is first hard-linked into the state directory's
    trash, so that its inode and synced data can come back. fsync of a directory commits every pending operation
    that names an entry of it, and with each the earlier pending operations it depends on (that made or removed a
    name it uses, its parent directory, or something inside a directory it removes or moves), so that the undo of
    what stays pending is always possible. The undo runs at the next mount (recover), in reverse order, like a
    journal replay; the layer never needs to run at the crash itself. Paths are relative to the backing directory,
    starting with "/". rule "file" adds what Linux's journaling filesystems (ext4, XFS, btrfs) give a file's fsync:
    the operations that gave the file its name are committed with it. rule "ext4" adds ext4's whole journal
    transaction: the fsync of any file commits every pending operation.
    """

    JOURNAL = "journal"

    RULES = ("dir", "file", "ext4")

    def __init__(self, backing, state_dir, rule="dir"):
        if rule not in self.RULES:
            raise ValueError(f"unknown namespace rule {rule!r}: one of {', '.join(self.RULES)}")
        self.rule = rule
        self.backing = backing
        self.state_dir = state_dir
        self.trash = os.path.join(state_dir, "trash")
        os.makedirs(self.trash, exist_ok=True)
        self.pending = []  # operations (dicts) in the order they happened, not yet committed
        self.next_id = 1
        self.journal = open(os.path.join(state_dir, self.JOURNAL), "a")  # open for the layer's life

    def _path(self, path):
        return self.backing + path

    def _log(self, record):
        # Written (not fsynced) before the change: the layer's crash is the death of this process, which the OS page
        # cache survives, so the journal outlives it.
        self.journal.write(json.dumps(record) + "\n")
        self.journal.flush()

    def _begin(self, kind, path, to=None, **extra):
        op = {"id": self.next_id, "op": kind, "path": path, "to": to} | extra
        self.next_id += 1
        self._log(op)
        return op

    def _abort(self, op):
        # The change failed (ENOENT, ENOTEMPTY...): nothing to undo.
        self._log({"commit": [op["id"]]})
        self._drop_trash(op)

    def _run(self, op, change):
        try:
            result = change()
        except OSError:
            self._abort(op)
            raise
        self.pending.append(op)
        return result

    def _keep_in_trash(self, op, path):
        """Hard-links the entry at path into the trash (its inode lives on); True when there was one to keep."""
        try:
            os.link(self._path(path), os.path.join(self.trash, str(op["id"])), follow_symlinks=False)
        except FileNotFoundError:
            return False
        return True

    def _drop_trash(self, op):
        try:
            os.unlink(os.path.join(self.trash, str(op["id"])))
        except FileNotFoundError:
            pass

    # --- the operations: each logged, then applied to the backing directory ---
    def create(self, path, mode):
        """Opens path read-write, creating it when missing (only a creation is journaled); returns the fd."""
        try:
            return os.open(self._path(path), os.O_RDWR)
        except FileNotFoundError:
            pass
        op = self._begin("create", path)
        return self._run(op, lambda: os.open(self._path(path), os.O_RDWR | os.O_CREAT | os.O_EXCL, mode))

    def mkdir(self, path, mode):
        self._run(self._begin("mkdir", path), lambda: os.mkdir(self._path(path), mode))

    def symlink(self, path, target):
        self._run(self._begin("create", path), lambda: os.symlink(target, self._path(path)))

    def link(self, path, source):
        self._run(self._begin("link", path, source=source), lambda: os.link(self._path(source), self._path(path)))

    def unlink(self, path):
        op = self._begin("unlink", path)
        self._keep_in_trash(op, path)
        self._run(op, lambda: os.unlink(self._path(path)))

    def rmdir(self, path):
        op = self._begin("rmdir", path, mode=os.lstat(self._path(path)).st_mode & 0o7777)
        self._run(op, lambda: os.rmdir(self._path(path)))

    def rename(self, path, to):
        try:
            target = os.lstat(self._path(to))
        except FileNotFoundError:
            target = None
        replaced_dir = target is not None and stat.S_ISDIR(target.st_mode)
        op = self._begin("rename", path, to, dir_mode=target.st_mode & 0o7777 if replaced_dir else None)
        if target is not None and not replaced_dir:
            self._keep_in_trash(op, to)
        self._run(op, lambda: os.rename(self._path(path), self._path(to)))

    # --- commit ---
    def fsyncdir(self, directory):
        """A directory's fsync: commits the pending operations on its entries and what they depend on."""
        return self._commit_with_dependencies(lambda names: directory in map(_parent, names))

    def file_synced(self, path):
        """A file's fsync: under the file rule it commits the operations that named path (and what they depend on),
        under the ext4 rule every pending operation."""
        if self.rule == "file":
            return self._commit_with_dependencies(lambda names: path in names)
        return self.commit_all() if self.rule == "ext4" else 0

    def _commit_with_dependencies(self, selects):
        needed, trees, commit = set(), set(), []
        for op in reversed(self.pending):
            names = [n for n in (op["path"], op["to"]) if n is not None]
            if not (selects(names) or needed.intersection(names) or any(_under(n, t) for n in names for t in trees)):
                continue
            commit.append(op)
            needed.update(names, map(_parent, names))
            if op.get("source"):
                needed.add(op["source"])
            if op["op"] in ("rmdir", "rename"):
                trees.update(names)
        self._commit(commit)
        return len(commit)

    def commit_all(self):
        """syncfs, sync or a clean unmount: every pending operation is committed."""
        count = len(self.pending)
        self._commit(list(self.pending))
        return count

    def _commit(self, ops):
        if not ops:
            return
        ids = {op["id"] for op in ops}
        self._log({"commit": sorted(ids)})
        for op in ops:
            self._drop_trash(op)
        self.pending = [op for op in self.pending if op["id"] not in ids]
        if not self.pending:
            # Nothing left to undo: the journal starts again empty, so it never grows without bound.
            self.journal.truncate(0)
            self.journal.seek(0)

    def close(self):
        self.journal.close()

    # --- the reboot ---
    @classmethod
    def recover(cls, backing, state_dir):
        """At mount: undoes, newest first, every operation the journal holds that was never committed; returns how
        many. A torn last line (the layer killed while writing it) is an operation that never started."""
        path = os.path.join(state_dir, cls.JOURNAL)
        ops, committed = [], set()
        if os.path.exists(path):
            with open(path) as source:
                for line in source:
                    try:
                        record = json.loads(line)
                    except json.JSONDecodeError:
                        break
                    if "commit" in record:
                        committed.update(record["commit"])
                    else:
                        ops.append(record)
        undone = [op for op in ops if op["id"] not in committed]
        for op in reversed(undone):
            _undo(backing, os.path.join(state_dir, "trash", str(op["id"])), op)
        trash = os.path.join(state_dir, "trash")
        if os.path.isdir(trash):
            for name in os.listdir(trash):
                os.unlink(os.path.join(trash, name))
        if os.path.exists(path):
            os.unlink(path)
        return len(undone)


def _undo(backing, kept, op):
    """Undoes one operation; tolerant of one that was logged but never reached the backing directory."""
    path = backing + op["path"]
    if op["op"] in ("create", "link"):
        if os.path.lexists(path):
            os.unlink(path)
    elif op["op"] == "mkdir":
        if os.path.lexists(path):
            os.rmdir(path)
    elif op["op"] == "unlink":
        if os.path.lexists(kept):
            os.rename(kept, path)
    elif op["op"] == "rmdir":
        if not os.path.lexists(path):
            os.mkdir(path, op["mode"])
    elif op["op"] == "rename":
        to = backing + op["to"]
        if os.path.lexists(to) and not os.path.lexists(path):
            os.rename(to, path)
        if os.path.lexists(kept):
            os.rename(kept, to)
        elif op["dir_mode"] is not None and not os.path.lexists(to):
            os.mkdir(to, op["dir_mode"])
