//! Kalah's moves on the solver's compact position ([`Pos`]): sowing,
//! capture, what follows, and the position of a [`Mancala`] game.

use mancala_core::{Game, Layout, Mancala, Player, Rules, Status, rules::Capture};

/// The most houses a side [`Pos`] holds.
pub const MAX_HOUSES: usize = 8;

/// A Kalah position as the player to move sees it: his houses first (in
/// sowing order, the last next to his store), then his opponent's (in
/// sowing order too); the stores are not kept. Houses past `2 * houses`
/// are always empty.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Pos(pub [u8; 2 * MAX_HOUSES]);

/// What follows a move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Next {
    /// The mover moves again in the new position.
    Again,
    /// The opponent moves: the new position is from his side.
    Other,
    /// The game is over; the seeds left count for their owners: the mover's
    /// houses minus the opponent's.
    Over(i32),
}

/// The rules a [`KalahSolver`](super::KalahSolver) plays, besides the board.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Play {
    pub(crate) houses: usize,
    /// A lone seed in an empty house opposite an empty one is taken
    /// anyway.
    pub(crate) empty_capture: bool,
}

impl Play {
    /// `pos` after its mover sows his house `house` (`0..houses`, which
    /// must hold seeds): the new position, the seeds the mover banked, what
    /// follows.
    #[inline]
    pub(crate) fn play(self, pos: &Pos, house: usize) -> (Pos, i32, Next) {
        let n = self.houses;
        let holes = 2 * n;
        let len = holes + 1;
        let mut p = pos.0;
        let seeds = usize::from(p[house]);
        p[house] = 0;
        let mut gain = 0i32;
        let laps = seeds / len;
        if laps > 0 {
            // Every hole and the store once a lap (u8: the totals are at
            // most 255 seeds, [`KalahSolver::new`]).
            for c in &mut p[..holes] {
                *c += laps as u8;
            }
            gain += laps as i32;
        }
        // The rest: cycle positions house + 1 ..= house + rest, where
        // 0..n are the mover's houses, n his store, n + 1..=2n the
        // opponent's houses (holes n..2n).
        let rest = seeds % len;
        let mut c = house;
        for _ in 0..rest {
            c += 1;
            if c == len {
                c = 0;
            }
            if c < n {
                p[c] += 1;
            } else if c == n {
                gain += 1;
            } else {
                p[c - 1] += 1;
            }
        }
        let last = (house + seeds) % len;
        let mut again = false;
        if last == n {
            again = true;
        } else if last < n && p[last] == 1 {
            let opposite = holes - 1 - last;
            if p[opposite] > 0 || self.empty_capture {
                gain += 1 + i32::from(p[opposite]);
                p[last] = 0;
                p[opposite] = 0;
            }
        }
        let mine: i32 = p[..n].iter().map(|&c| i32::from(c)).sum();
        let theirs: i32 = p[n..holes].iter().map(|&c| i32::from(c)).sum();
        if mine == 0 || theirs == 0 {
            return (Pos(p), gain, Next::Over(mine - theirs));
        }
        if again {
            return (Pos(p), gain, Next::Again);
        }
        let mut q = [0u8; 2 * MAX_HOUSES];
        q[..n].copy_from_slice(&p[n..holes]);
        q[n..holes].copy_from_slice(&p[..n]);
        (Pos(q), gain, Next::Other)
    }
}

/// Whether [`KalahSolver`](super::KalahSolver) plays `rules`: Kalah ([`Rules::kalah`]) on two
/// rows of 1 to [`MAX_HOUSES`] houses, any seeds, either capture rule,
/// everything else as the preset.
pub fn supports(rules: &Rules) -> bool {
    let houses = rules.layout.row_len;
    if houses == 0 || usize::from(houses) > MAX_HOUSES {
        return false;
    }
    let mut kalah = Rules::kalah().with_houses(houses).with_seeds(rules.seeds);
    kalah.endless = rules.endless;
    // Either capture rule: only whether the lone seed is taken from an
    // empty file may differ from the preset.
    if let (
        Capture::Opposite {
            require_opposite, ..
        },
        Capture::Opposite {
            require_opposite: preset,
            ..
        },
    ) = (rules.capture, &mut kalah.capture)
    {
        *preset = require_opposite;
    }
    kalah.layout == Layout::two_rows(houses) && kalah == *rules
}

/// `game`'s position as its player to move sees it, with that player and
/// his store margin; `None` if the game is over or its board is not a
/// supported one.
pub fn pos_of(game: &Mancala) -> Option<(Pos, Player, i64)> {
    let Status::ToMove(mover) = game.status() else {
        return None;
    };
    let holes = game.board().holes();
    let n = holes.len() / 2;
    if n == 0 || n > MAX_HOUSES {
        return None;
    }
    let mut pos = Pos::default();
    let start = if mover == Player::P0 { 0 } else { n };
    for i in 0..2 * n {
        pos.0[i] = u8::try_from(holes[(start + i) % (2 * n)]).ok()?;
    }
    let stores = game.board().stores();
    let banked = i64::from(stores[0]) - i64::from(stores[1]);
    Some((
        pos,
        mover,
        if mover == Player::P0 { banked } else { -banked },
    ))
}
