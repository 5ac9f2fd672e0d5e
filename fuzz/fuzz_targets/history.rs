//! Fuzz target `history`: arbitrary sequences of `History::insert`,
//! `contains`, `clear` and `History::from_seen` loads, checked against a
//! reference model (a `HashSet` of the positions seen and a list of them in
//! order): `insert` is new exactly when the model has not seen the position,
//! `contains` agrees, `len` and `positions` match the model, and a load
//! succeeds exactly when every position fits, none is listed twice and none
//! is the current one, naming the first problem in list order as the model
//! finds it. Nothing may panic.
//!
//! Boards are derived from one base board by moving seeds between holes (so
//! the totals match and positions repeat often), with now and then a wrong
//! total, length or player.

#![no_main]

use std::collections::HashSet;

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use mancala_core::{
    Board, Player,
    history::{History, HistoryError, InvalidHistory, PositionShape, SeenPosition},
    rules::{MAX_HOLES, MAX_PLAYERS},
};

/// A position: the base board with `seeds` moved from hole `from` to hole
/// `to` (as many as `from` holds), `player` to move; `flaw` spoils it
/// (1: one seed more, 2: one hole less, 3: a player not in the game).
#[derive(Arbitrary, Debug, Clone, Copy)]
struct Pos {
    from: u8,
    to: u8,
    seeds: u8,
    player: u8,
    flaw: u8,
}

#[derive(Arbitrary, Debug)]
enum Op {
    Insert(Pos),
    Contains(Pos),
    Clear,
    Load(Vec<Pos>, Pos),
}

#[derive(Arbitrary, Debug)]
struct Input {
    holes: u8,
    players: u8,
    base: Vec<u8>,
    ops: Vec<Op>,
}

/// The reference model: the positions seen, as a set and in order.
#[derive(Default)]
struct Model {
    set: HashSet<(Vec<u16>, usize)>,
    order: Vec<(Vec<u16>, usize)>,
}

impl Model {
    fn insert(&mut self, key: (Vec<u16>, usize)) -> bool {
        let new = self.set.insert(key.clone());
        if new {
            self.order.push(key);
        }
        new
    }
}

struct World {
    holes: usize,
    players: usize,
    base: Vec<u16>,
}

impl World {
    /// The position `pos` names; `spoil` lets its flaw apply.
    fn position(&self, pos: Pos, spoil: bool) -> (Vec<u16>, usize) {
        let mut board = self.base.clone();
        let (from, to) = (
            usize::from(pos.from) % self.holes,
            usize::from(pos.to) % self.holes,
        );
        let moved = board[from].min(u16::from(pos.seeds));
        board[from] -= moved;
        board[to] += moved;
        let mut player = usize::from(pos.player) % self.players;
        if spoil {
            match pos.flaw {
                1 => board[0] += 1,
                2 => {
                    board.pop();
                }
                3 => {
                    player =
                        self.players + usize::from(pos.player) % (MAX_PLAYERS - self.players + 1)
                }
                _ => {}
            }
        }
        (board, player.min(MAX_PLAYERS - 1))
    }

    fn seen(&self, pos: Pos) -> SeenPosition {
        let (board, player) = self.position(pos, true);
        SeenPosition {
            board,
            to_move: Player::new(player).expect("below MAX_PLAYERS"),
        }
    }
}

/// What `from_seen` must answer, found the slow, obvious way.
fn expected_load(
    world: &World,
    on_board: u32,
    seen: &[SeenPosition],
    current: &SeenPosition,
) -> Result<(), HistoryError> {
    for (index, p) in seen.iter().enumerate() {
        let total: u32 = p.board.iter().map(|&c| u32::from(c)).sum();
        if p.board.len() != world.holes || total != on_board || p.to_move.index() >= world.players {
            return Err(HistoryError::Invalid(InvalidHistory { index }));
        }
    }
    for (index, p) in seen.iter().enumerate() {
        if p == current {
            return Err(HistoryError::Current { index });
        }
        if let Some(earlier) = seen[..index].iter().position(|q| q == p) {
            return Err(HistoryError::Repeated { index, earlier });
        }
    }
    Ok(())
}

fuzz_target!(|input: Input| {
    let holes = 1 + usize::from(input.holes) % MAX_HOLES;
    let players = 1 + usize::from(input.players) % MAX_PLAYERS;
    let mut base: Vec<u16> = input.base.iter().map(|&c| u16::from(c % 8)).collect();
    base.resize(holes, 1);
    let world = World {
        holes,
        players,
        base,
    };
    let on_board: u32 = world.base.iter().map(|&c| u32::from(c)).sum();
    let mut history = History::new();
    let mut model = Model::default();
    for op in input.ops.into_iter().take(2000) {
        match op {
            Op::Insert(pos) => {
                let (board, player) = world.position(pos, false);
                let to_move = Player::new(player).expect("below MAX_PLAYERS");
                let new = history.insert(&Board::from_counts(&board, &[]), to_move);
                assert_eq!(new, model.insert((board, player)), "insert");
            }
            Op::Contains(pos) => {
                let (board, player) = world.position(pos, false);
                let to_move = Player::new(player).expect("below MAX_PLAYERS");
                let found = history.contains(&Board::from_counts(&board, &[]), to_move);
                assert_eq!(found, model.set.contains(&(board, player)), "contains");
            }
            Op::Clear => {
                history.clear();
                model = Model::default();
            }
            Op::Load(list, now) => {
                let seen: Vec<SeenPosition> =
                    list.iter().take(500).map(|&p| world.seen(p)).collect();
                let current = world.seen(Pos { flaw: 0, ..now });
                let shape = PositionShape {
                    holes,
                    on_board,
                    players,
                };
                let loaded = History::from_seen(shape, &seen, &current.board, current.to_move);
                let expected = expected_load(&world, on_board, &seen, &current);
                assert_eq!(
                    loaded.as_ref().map(|_| ()).map_err(|e| *e),
                    expected,
                    "load of {seen:?}"
                );
                if let Ok(loaded) = loaded {
                    history = loaded;
                    model = Model::default();
                    for p in &seen {
                        assert!(model.insert((p.board.clone(), p.to_move.index())));
                    }
                    // The current position is not recorded, so it is new.
                    let board = Board::from_counts(&current.board, &[]);
                    assert!(!history.contains(&board, current.to_move));
                }
            }
        }
        assert_eq!(history.len(), model.order.len(), "len");
        assert_eq!(history.is_empty(), model.order.is_empty());
    }
    let positions: Vec<(Vec<u16>, usize)> = history
        .positions()
        .map(|(board, p)| (board, p.index()))
        .collect();
    assert_eq!(positions, model.order, "positions");
    assert_eq!(history.clone(), history);
});
