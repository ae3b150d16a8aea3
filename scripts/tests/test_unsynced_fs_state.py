"""Unit tests of the unsynced-write layer's state (scripts/faults/volatile_state.py), without FUSE.

Run: python3 -m unittest scripts/tests/test_unsynced_fs_state.py (scripts/test.sh does; pytest collects it too).
Each test works on a temporary backing directory, as the layer would, and reads the backing files after a "crash"
(VolatileFile.crash, NamespaceJournal.recover) to see what a power loss left.
"""

import os
import random
import shutil
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "faults"))

from volatile_state import PAGE, SECTOR, NamespaceJournal, VolatileFile  # noqa: E402


class BackingDir(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.backing = os.path.join(self.tmp.name, "back")
        self.state = os.path.join(self.tmp.name, "state")
        os.mkdir(self.backing)

    def tearDown(self):
        self.tmp.cleanup()

    def path(self, name):
        return self.backing + name

    def read(self, name):
        with open(self.path(name), "rb") as source:
            return source.read()

    def new_file(self, name, synced=b""):
        with open(self.path(name), "wb") as out:
            out.write(synced)
        state = VolatileFile(self.path(name))
        self.addCleanup(state.close)
        return state


class VolatileFileTest(BackingDir):
    def pages(self, state, count, offset=0):
        data = b"".join(bytes([65 + i]) * PAGE for i in range(count))
        state.write(data, offset)
        return data

    def test_readers_see_unsynced_data_and_the_backing_file_does_not(self):
        state = self.new_file("/f", b"synced")
        state.write(b"-more", 6)
        self.assertEqual(state.read(100, 0), b"synced-more")
        self.assertEqual(self.read("/f"), b"synced")
        self.assertTrue(state.dirty)

    def test_fsync_writes_back_and_leaves_the_file_clean(self):
        state = self.new_file("/f", b"12345678")
        state.truncate(2)
        state.write(b"ab", 4)
        state.sync()
        self.assertEqual(self.read("/f"), b"12\0\0ab")
        self.assertFalse(state.dirty)

    def test_mode_all_keeps_nothing_unsynced_and_undoes_a_truncate(self):
        state = self.new_file("/f", b"12345678")
        state.truncate(2)
        state.write(b"x" * 3 * PAGE, 2)
        self.assertEqual(state.crash("all", random.Random(1)), (4, 0))
        self.assertEqual(self.read("/f"), b"12345678")

    def test_mode_prefix_keeps_the_first_pages_in_file_order(self):
        seen = set()
        for seed in range(20):
            state = self.new_file(f"/f{seed}")
            data = self.pages(state, 6)
            _, kept = state.crash("prefix", random.Random(seed))
            self.assertEqual(self.read(f"/f{seed}"), data[: kept * PAGE])
            seen.add(kept)
        self.assertGreater(len(seen), 2, "the prefix length must vary with the seed")

    def test_mode_subset_keeps_some_pages_with_holes_of_zeros(self):
        state = self.new_file("/f")
        data = self.pages(state, 12)
        writes, size = state.survivors("subset", random.Random(7))
        kept = {start // PAGE for start, _ in writes}
        self.assertTrue(0 < len(kept) < 12, kept)
        state.crash("subset", random.Random(7))
        after = self.read("/f")
        self.assertEqual(len(after), size)
        self.assertEqual(size, (max(kept) + 1) * PAGE)
        for index in range(max(kept) + 1):
            page = after[index * PAGE : (index + 1) * PAGE]
            self.assertEqual(page, data[index * PAGE : (index + 1) * PAGE] if index in kept else bytes(PAGE))

    def test_mode_torn_keeps_all_but_a_sector_cut_last_page(self):
        cuts = set()
        for seed in range(10):
            state = self.new_file(f"/f{seed}", b"s" * 100)
            data = self.pages(state, 3, offset=PAGE)
            state.crash("torn", random.Random(seed))
            after = self.read(f"/f{seed}")
            torn = len(after) - 3 * PAGE
            self.assertEqual(after, (b"s" * 100 + bytes(PAGE - 100) + data)[: len(after)])
            self.assertTrue(0 < torn < PAGE and torn % SECTOR == 0, torn)
            cuts.add(torn)
        self.assertGreater(len(cuts), 2, "where the last page is cut must vary with the seed")

    def test_the_same_seed_loses_the_same_pages(self):
        plans = []
        for _ in range(2):
            state = self.new_file("/f")
            self.pages(state, 30)
            plans.append(state.survivors("subset", random.Random(42))[0])
        self.assertEqual(plans[0], plans[1])

    def test_writeback_without_fsync_survives_the_crash(self):
        state = self.new_file("/f")
        state.write(b"kept", 0)
        state.sync(fsync=False)
        state.write(b"lost", 4)
        state.crash("all", random.Random(0))
        self.assertEqual(self.read("/f"), b"kept")


class NamespaceJournalTest(BackingDir):
    def journal(self, rule="dir"):
        journal = NamespaceJournal(self.backing, self.state, rule)
        self.addCleanup(journal.close)
        return journal

    def create(self, journal, name, content=b""):
        fd = journal.create(name, 0o644)
        os.write(fd, content)
        os.close(fd)

    def crash(self, journal):
        journal.close()  # the process dies; the journal file stays, as the page cache keeps it
        return NamespaceJournal.recover(self.backing, self.state)

    def listing(self, directory=""):
        return sorted(os.listdir(self.backing + directory))

    def test_a_create_not_committed_is_gone_and_one_committed_stays(self):
        journal = self.journal()
        self.create(journal, "/kept")
        journal.fsyncdir("/")
        self.create(journal, "/gone")
        self.assertEqual(self.listing(), ["gone", "kept"])
        self.assertEqual(self.crash(journal), 1)
        self.assertEqual(self.listing(), ["kept"])

    def test_a_rename_over_a_file_is_undone_with_the_old_file_back(self):
        with open(self.path("/manifest"), "wb") as out:
            out.write(b"old")
        journal = self.journal()
        self.create(journal, "/manifest.tmp", b"new")
        journal.rename("/manifest.tmp", "/manifest")
        self.assertEqual(self.read("/manifest"), b"new")
        self.assertEqual(self.crash(journal), 2)
        self.assertEqual(self.listing(), ["manifest"])
        self.assertEqual(self.read("/manifest"), b"old")

    def test_an_unlink_and_an_rmdir_are_undone(self):
        os.mkdir(self.path("/d"))
        with open(self.path("/f"), "wb") as out:
            out.write(b"data")
        journal = self.journal()
        journal.unlink("/f")
        journal.rmdir("/d")
        self.assertEqual(self.listing(), [])
        self.crash(journal)
        self.assertEqual(self.listing(), ["d", "f"])
        self.assertEqual(self.read("/f"), b"data")

    def test_fsync_of_one_directory_leaves_another_pending(self):
        os.mkdir(self.path("/a"))
        os.mkdir(self.path("/b"))
        journal = self.journal()
        self.create(journal, "/a/x")
        self.create(journal, "/b/y")
        self.assertEqual(journal.fsyncdir("/a"), 1)
        self.crash(journal)
        self.assertEqual((self.listing("/a"), self.listing("/b")), (["x"], []))

    def test_fsync_of_a_new_directory_commits_its_own_creation(self):
        journal = self.journal()
        journal.mkdir("/appendonlydir", 0o755)
        self.create(journal, "/appendonlydir/aof")
        self.create(journal, "/unrelated")
        self.assertEqual(journal.fsyncdir("/appendonlydir"), 2)
        self.crash(journal)
        self.assertEqual(self.listing(), ["appendonlydir"])
        self.assertEqual(self.listing("/appendonlydir"), ["aof"])

    def test_a_committed_rmdir_takes_the_unlinks_inside_with_it(self):
        journal = self.journal()
        journal.mkdir("/d", 0o755)
        self.create(journal, "/d/f")
        journal.fsyncdir("/")
        journal.fsyncdir("/d")
        journal.unlink("/d/f")
        journal.rmdir("/d")
        self.assertEqual(journal.fsyncdir("/"), 2)
        self.assertEqual(self.crash(journal), 0)
        self.assertEqual(self.listing(), [])

    def test_a_rename_across_directories_commits_with_either(self):
        os.mkdir(self.path("/a"))
        os.mkdir(self.path("/b"))
        journal = self.journal()
        self.create(journal, "/a/x")
        journal.rename("/a/x", "/b/x")
        self.assertEqual(journal.fsyncdir("/b"), 2)
        self.crash(journal)
        self.assertEqual((self.listing("/a"), self.listing("/b")), ([], ["x"]))

    def test_a_file_fsync_commits_its_own_name_under_the_file_rule_and_everything_under_ext4(self):
        # Elasticsearch's new translog generation: the file is created and fsynced, its directory never is.
        expected = {"dir": ([], None), "file": (["d"], ["f"]), "ext4": (["d"], ["f", "g"])}
        for rule, (root, inside) in expected.items():
            journal = self.journal(rule)
            journal.mkdir("/d", 0o755)
            self.create(journal, "/d/f")
            self.create(journal, "/d/g")
            journal.file_synced("/d/f")
            self.crash(journal)
            self.assertEqual(self.listing(), root, rule)
            if inside is not None:
                self.assertEqual(self.listing("/d"), inside, rule)
                shutil.rmtree(self.path("/d"))

    def test_commit_all_is_syncfs_and_empties_the_journal(self):
        journal = self.journal()
        journal.mkdir("/d", 0o755)
        self.create(journal, "/d/f")
        self.assertEqual(journal.commit_all(), 2)
        self.assertEqual(os.path.getsize(os.path.join(self.state, NamespaceJournal.JOURNAL)), 0)
        self.assertEqual(self.crash(journal), 0)
        self.assertEqual(self.listing("/d"), ["f"])

    def test_a_failed_operation_is_not_undone(self):
        journal = self.journal()
        with self.assertRaises(FileNotFoundError):
            journal.rename("/missing", "/x")
        self.create(journal, "/x")
        journal.fsyncdir("/")
        self.assertEqual(self.crash(journal), 0)
        self.assertEqual(self.listing(), ["x"])

    def test_a_torn_last_journal_line_is_an_operation_never_started(self):
        journal = self.journal()
        self.create(journal, "/f")
        journal.journal.write('{"id": 9, "op": "unl')
        self.assertEqual(self.crash(journal), 1)
        self.assertEqual(self.listing(), [])


if __name__ == "__main__":
    unittest.main()
