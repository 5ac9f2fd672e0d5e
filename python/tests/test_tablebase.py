"""Kalah tablebases built in pieces (mancala_rs.tablebase): the same bytes
as the table built whole, and pieces that do not fit refused."""

import doctest
import os

import pytest

import mancala_rs
from mancala_rs import _core, tablebase


def read(path):
    with open(path, "rb") as f:
        return f.read()


@pytest.mark.parametrize("empty_capture", [False, True])
def test_pieces_built_here_make_the_table_built_whole(tmp_path, empty_capture):
    report = tablebase.build(4, 12, str(tmp_path / "pieces"), empty_capture=empty_capture, progress=None)
    [built] = report.tables
    path, checksum = _core.tablebase_build(4, empty_capture, 12, str(tmp_path / "whole"), 2)
    assert read(built.path) == read(path)
    assert built.checksum == checksum
    # Every unit of layers 2 to 12 ran once: layer s has s // 2 units.
    assert sorted((u.layer, u.low) for u in report.units) == [
        (layer, low) for layer in range(2, 13) for low in range(1, layer // 2 + 1)
    ]
    # The units' files are gone; the layers' files are kept.
    pieces = sorted(os.listdir(tmp_path / "pieces" / "pieces"))
    assert len(pieces) == 11 and all(".layer-" in p and ".low-" not in p for p in pieces)


@pytest.mark.parametrize("empty_capture", [False, True])
def test_pieces_assembled_compact_make_the_table_built_whole_made_compact(tmp_path, empty_capture):
    report = tablebase.build(4, 12, str(tmp_path / "pieces"), empty_capture=empty_capture, compact=True, progress=None)
    [built] = report.tables
    path, checksum = _core.tablebase_build(4, empty_capture, 12, str(tmp_path / "whole"), 2, compact=True)
    compact = read(built.path)
    assert compact == read(path)
    assert built.checksum == checksum
    # Format version 2 in the header, and fewer bytes than a byte a
    # position: C(20, 8) = 125,970 positions of at most 12 seeds on 8 holes.
    assert compact[8:12] == (2).to_bytes(4, "little")
    assert int.from_bytes(compact[24:32], "little") == 125_970
    assert len(compact) < 40 + 125_970 * 6 // 10
    byte_path, _ = _core.tablebase_build(4, empty_capture, 12, str(tmp_path / "bytes"), 2)
    assert len(read(byte_path)) == 40 + 125_970


@pytest.mark.parametrize("memory_limit", [None, 0])
def test_a_share_of_units_builds_the_files_each_unit_builds_alone(tmp_path, memory_limit):
    # Layers 2 to 9 of Kalah(4), standard, merged from units built alone.
    alone, share = str(tmp_path / "alone"), str(tmp_path / "share")
    os.makedirs(alone)
    for layer in range(2, 10):
        for low in _core.tablebase_units(4, False, layer):
            _core.tablebase_build_unit(4, False, layer, low, alone)
        _core.tablebase_merge_layer(4, False, layer, alone)
    os.makedirs(share)
    for layer in range(2, 9):
        name = f"kalah-4-standard.layer-{layer:02}.mtp"
        with open(os.path.join(share, name), "wb") as f:
            f.write(read(os.path.join(alone, name)))
    # Layer 9's units 4, 1 and 3 (not in order, unit 2 left out), as one share.
    units, loaded, loading = _core.tablebase_build_units(4, False, 9, [4, 1, 3], share, 2, memory_limit)
    # A limit of 0 bytes holds no lower layer: they are read from their files.
    assert loaded == (memory_limit is None)
    assert loading >= 0.0
    assert [os.path.basename(path) for path, _, _ in units] == [
        f"kalah-4-standard.layer-09.low-{low:02}.mtp" for low in (4, 1, 3)
    ]
    for path, checksum, seconds in units:
        assert read(path) == read(os.path.join(alone, os.path.basename(path)))
        assert int.from_bytes(read(path)[32:40], "little") == checksum
        assert seconds >= 0.0
    assert not os.path.exists(os.path.join(share, "kalah-4-standard.layer-09.low-02.mtp"))


def test_a_share_with_a_unit_no_layer_has_builds_nothing(tmp_path):
    folder = str(tmp_path)
    for layer in range(2, 5):
        for low in _core.tablebase_units(4, False, layer):
            _core.tablebase_build_unit(4, False, layer, low, folder)
        _core.tablebase_merge_layer(4, False, layer, folder)
    before = sorted(os.listdir(folder))
    # Layer 5 has units 1 and 2 only: unit 3 is refused before unit 1 is built.
    with pytest.raises(mancala_rs.TablebaseFileError, match="unit 3 of layer 5"):
        _core.tablebase_build_units(4, False, 5, [1, 3], folder)
    assert sorted(os.listdir(folder)) == before


def test_shares_give_every_unit_once_and_split_the_positions_evenly():
    # Kalah(6), layer 20: 10 units. Unit low has C(low + 5, 5) * C(25 - low, 5)
    # positions in each of its two blocks (one block for low 10).
    lows = list(range(1, 11))
    sizes = {low: tablebase._positions(6, 20, low) for low in lows}
    assert sizes[10] == 3003 * 3003 and sizes[1] == 2 * 6 * 42504
    # Together, the layer's positions in play: C(31, 11) positions of 20
    # seeds on 12 holes, less the C(25, 5) with the mover's row empty and
    # as many with the opponent's.
    assert sum(sizes.values()) == 84_672_315 - 2 * 53_130
    for tasks in (1, 2, 3, 10, 40):
        shares = tablebase._shares(6, 20, lows, tasks)
        assert len(shares) == min(tasks, 10)
        assert sorted(low for share in shares for low in share) == lows
        loads = [sum(sizes[low] for low in share) for share in shares]
        # Largest first to the least loaded: no share exceeds the even split
        # by more than the largest unit.
        assert max(loads) <= sum(loads) / len(loads) + max(sizes.values())


def test_the_module_examples_run():
    failures, tried = doctest.testmod(tablebase)
    assert tried > 0 and failures == 0


def test_pieces_that_do_not_fit_are_refused(tmp_path):
    folder = str(tmp_path)
    with pytest.raises(ValueError, match="1 to 8"):
        tablebase.build(9, 10, folder, progress=None)
    with pytest.raises(ValueError, match="2 to 60"):
        tablebase.build(4, 61, folder, progress=None)
    with pytest.raises(mancala_rs.TablebaseFileError, match="houses a side"):
        _core.tablebase_units(9, False, 4)
    with pytest.raises(mancala_rs.TablebaseFileError, match="units run from 1"):
        _core.tablebase_build_unit(4, False, 6, 4, folder)
    # Layer 3's unit needs layer 2's file.
    with pytest.raises(mancala_rs.TablebaseFileError, match="layer-02"):
        _core.tablebase_build_unit(4, False, 3, 1, folder)
    path, _ = _core.tablebase_build_unit(4, False, 2, 1, folder)
    _core.tablebase_merge_layer(4, False, 2, folder)
    # A damaged layer is refused by the check a node makes as it copies it.
    layer = os.path.join(folder, "kalah-4-standard.layer-02.mtp")
    data = bytearray(read(layer))
    # A byte of the body after the 40 of the header: the first record's
    # first codes (the index's last count says how many exceptions end the
    # file: changed, it would make the file the wrong length, not damaged).
    data[41] ^= 1
    with open(layer, "wb") as f:
        f.write(data)
    with pytest.raises(mancala_rs.TablebaseFileError, match="damaged"):
        _core.tablebase_check_piece(layer)
    with pytest.raises(mancala_rs.TablebaseFileError, match="not a tablebase piece"):
        _core.tablebase_check_piece(__file__)
    # The merge wants every unit of its layer.
    os.remove(path)
    with pytest.raises(mancala_rs.TablebaseFileError, match="low-01"):
        _core.tablebase_merge_layer(4, False, 2, folder)
    assert isinstance(mancala_rs.TablebaseFileError("x"), OSError)
