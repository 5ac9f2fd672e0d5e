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
