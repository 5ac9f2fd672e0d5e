//! Why a game of the sowing engine ended (oware, Kalah, the catalogue,
//! Robertson's game, Mankka), worked out from the position before the last
//! move, the move and the rules: what `mancala play` and the web page say
//! at the end of a game.
//!
//! The engine keeps no end reason: it applies its end conditions after
//! every move, in a fixed order (RULES.md; `Mancala`'s turn settling), and
//! the first that holds ends the game. [`sowing_end`] takes the last move's
//! events (replayed with `play_observed`), undoes the end's sweep of the
//! seeds left (the `Collect` events), and asks the same questions in the
//! same order of the board the move left, with the engine's own repetition
//! history. So the reason is the engine's, not a guess from the final board.

use mancala_core::{Board, Event, Game, Mancala, Move, Player, Rules, Topology, rules::Feeding};

/// `1 seed`, `3 seeds`.
fn count(n: impl Into<u64>, word: &str) -> String {
    let n = n.into();
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// The end condition that ended a sowing game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Reason {
    /// A store holds more than half of all seeds (`Some` of its owner), or
    /// two stores exactly half each (`None`); oware.
    Majority {
        /// The player with more than half, if one has.
        player: Option<Player>,
        /// His seeds (or each one's half).
        seeds: u32,
        /// All seeds.
        total: u32,
    },
    /// The position (holes and player to move) repeats one seen since seeds
    /// last left the holes.
    Repetition,
    /// Some player's holes are all empty (Kalah), whoever is to move.
    SideEmpty(Player),
    /// At most `most` seeds are left after a sowing move (Mankka's early
    /// end).
    FewLeft {
        /// Seeds left on the board.
        left: u32,
        /// The threshold.
        most: u16,
    },
    /// The player to move cannot move.
    NoMove {
        /// He.
        player: Player,
        /// Whether he has seeds (all his moves being illegal) or none.
        has_seeds: bool,
        /// Whether he has seeds but no hole with enough to be sown
        /// ([`mancala_core::Rules::sowable`]: I, Kay).
        too_few: bool,
        /// The player he must feed and cannot, if feeding is why.
        unfed: Option<Player>,
    },
    /// No player can move (rules where a player who cannot move passes).
    NobodyCanMove,
}

impl Reason {
    /// The reason in words; `name` names each player (`South`), `seed`
    /// what is sown (`seed`, `stone`).
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::Player;
    /// use mancala_engine::ending::Reason;
    ///
    /// let name = |p: Player| ["South", "North"][p.index()].to_string();
    /// assert_eq!(Reason::SideEmpty(Player::P1).words(&name, "seed"), "North's holes are all empty");
    /// ```
    pub fn words(self, name: &dyn Fn(Player) -> String, seed: &str) -> String {
        match self {
            Reason::Majority {
                player: Some(p),
                seeds,
                total,
            } => format!(
                "{} has captured more than half of the {total} {seed}s ({seeds})",
                name(p)
            ),
            Reason::Majority {
                player: None,
                seeds,
                ..
            } => format!("both players have captured exactly half the {seed}s ({seeds} each)"),
            Reason::Repetition => format!(
                "the position repeated (the same {seed}s in every hole, the same player to \
                 move) with nothing captured in between"
            ),
            Reason::SideEmpty(p) => format!("{}'s holes are all empty", name(p)),
            Reason::FewLeft { left, most } => format!(
                "only {} left on the board after a sowing move (the game ends at {most} or \
                 fewer)",
                count(left, seed)
            ),
            Reason::NoMove {
                player,
                has_seeds: false,
                ..
            } => format!("{} has no {seed}s to sow", name(player)),
            Reason::NoMove {
                player,
                too_few: true,
                ..
            } => format!(
                "{} has no hole with enough {seed}s to be sown",
                name(player)
            ),
            Reason::NoMove {
                player,
                unfed: Some(unfed),
                ..
            } => format!(
                "{} cannot move: {} has no {seed}s and no move of his gives him any",
                name(player),
                name(unfed)
            ),
            Reason::NoMove { player, .. } => format!(
                "{} has {seed}s but every move of his is forbidden by the rules",
                name(player)
            ),
            Reason::NobodyCanMove => "neither player can move".to_string(),
        }
    }
}

/// How a sowing game ended: why, and the board as the last move left it.
#[derive(Clone, Debug)]
pub struct SowingEnd {
    /// The end condition.
    pub reason: Reason,
    /// The board the last move left, before the seeds left were swept into
    /// their owners' stores (the final board when nothing was swept).
    pub board: Board,
    /// Seeds swept from each player's holes into his store at the end.
    pub swept: Vec<u32>,
}

/// What kind of move the last one was, for the end conditions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A sowing move; `extra_turn` if its mover moves again.
    Sowing {
        /// The mover moves again (Kalah).
        extra_turn: bool,
    },
    /// A pass.
    Pass,
    /// Seeds placed from a hand (Mankka's opening): seeds entered the board.
    Placement,
}

/// The last move of a finished sowing game, as [`sowing_end`] needs it.
pub struct LastMove<'a> {
    /// The rules.
    pub rules: &'a Rules,
    /// The board's shape.
    pub topology: &'a Topology,
    /// The board before the move.
    pub before: &'a Board,
    /// The final board.
    pub after: &'a Board,
    /// The move's events (`play_observed`).
    pub events: &'a [Event],
    /// Who moved.
    pub mover: Player,
    /// What he did.
    pub kind: Kind,
}

/// Why a sowing game ended with `last`. `seen` says whether a position
/// (hole counts, player to move) is in the repetition history of the
/// position before the move, that position included.
pub fn sowing_end(last: &LastMove<'_>, seen: &dyn Fn(&[u16], Player) -> bool) -> SowingEnd {
    let (board, swept) = unswept(last);
    let turn = Settling::of(last, &board);
    let reason = turn.reason(last, &board, seen);
    SowingEnd {
        reason,
        board,
        swept,
    }
}

/// The board `last` left before the end's sweep of the seeds left (its
/// `Collect` events undone), and the seeds swept from each player's holes
/// into his store.
fn unswept(last: &LastMove<'_>) -> (Board, Vec<u32>) {
    let players = last.topology.players();
    let mut holes = last.after.holes().to_vec();
    let mut stores = last.after.stores()[..players].to_vec();
    let mut swept = vec![0u32; players];
    for event in last.events {
        if let Event::Collect { pit, seeds, to } = *event {
            if let Some(h) = holes.get_mut(pit.index()) {
                *h = h.saturating_add(seeds);
            }
            if let Some(s) = stores.get_mut(to.index()) {
                *s = s.saturating_sub(seeds);
            }
            if let Some(s) = swept.get_mut(to.index()) {
                *s += u32::from(seeds);
            }
        }
    }
    (Board::from_counts(&holes, &stores), swept)
}

/// The turn after the last move, as the engine settles it.
struct Settling {
    /// Who is to move next.
    next: Player,
    /// Whether seeds left the holes (the mover's store changed) or
    /// entered them.
    seeds_left: bool,
    /// Whether a sowing was made.
    after_sowing: bool,
}

impl Settling {
    /// The turn after `last`, which left `board` (before the sweep).
    fn of(last: &LastMove<'_>, board: &Board) -> Settling {
        let (mover, players) = (last.mover, last.topology.players());
        match last.kind {
            Kind::Sowing { extra_turn } => Settling {
                next: if extra_turn {
                    mover
                } else {
                    mover.next(players)
                },
                seeds_left: board.store(mover) != last.before.store(mover),
                after_sowing: true,
            },
            Kind::Pass => Settling {
                next: mover.next(players),
                seeds_left: false,
                after_sowing: false,
            },
            Kind::Placement => Settling {
                next: mover.next(players),
                seeds_left: true,
                after_sowing: false,
            },
        }
    }

    /// The first of the end conditions that holds of `board`, asked in the
    /// engine's order (`seen` as for [`sowing_end`]).
    fn reason(
        &self,
        last: &LastMove<'_>,
        board: &Board,
        seen: &dyn Fn(&[u16], Player) -> bool,
    ) -> Reason {
        let (topology, rules, next) = (last.topology, last.rules, self.next);
        let players = topology.players();
        let total = board.total();
        if rules.end.repetition && !self.seeds_left && seen(board.holes(), next) {
            Reason::Repetition
        } else if let Some((player, seeds)) = majority(&board.stores()[..players], total)
            .filter(|_| rules.end.majority && (self.seeds_left || !self.after_sowing))
        {
            Reason::Majority {
                player,
                seeds,
                total,
            }
        } else if let Some(p) = Player::all(players)
            .find(|&p| !board.has_seeds(topology, p))
            .filter(|_| rules.end.side_empty)
        {
            Reason::SideEmpty(p)
        } else if let Some(most) = rules
            .end
            .at_most_left
            .filter(|&most| self.after_sowing && board.on_board() <= u32::from(most))
        {
            Reason::FewLeft {
                left: board.on_board(),
                most,
            }
        } else if rules.end.pass {
            Reason::NobodyCanMove
        } else {
            // The engine feeds the player after the mover.
            let fed = next.next(players);
            Reason::NoMove {
                player: next,
                has_seeds: board.has_seeds(topology, next),
                too_few: !topology.pits_of(next).any(|p| {
                    rules
                        .sowable
                        .allows(board, topology, rules.sowing.direction, p)
                }),
                unfed: (rules.feeding != Feeding::Off && !board.has_seeds(topology, fed))
                    .then_some(fed),
            }
        }
    }
}

/// The player whose store holds more than half of all `total` seeds, and
/// his seeds; or `None` and half the seeds if two stores hold exactly half
/// each; `None` if neither.
fn majority(stores: &[u16], total: u32) -> Option<(Option<Player>, u32)> {
    if let Some(i) = stores.iter().position(|&s| 2 * u32::from(s) > total) {
        return Some((Player::new(i), u32::from(stores[i])));
    }
    let halves = stores
        .iter()
        .filter(|&&s| 2 * u32::from(s) == total)
        .count();
    (halves >= 2).then_some((None, total / 2))
}

/// Why a [`Mancala`] game ended with `mv` played in `before`, or `None` if
/// it did not end (or the move is refused). Its history is its own.
pub fn mancala_end(before: &Mancala, mv: Move) -> Option<SowingEnd> {
    let mut after = before.clone();
    let mut events = Vec::new();
    let turn = after.play_observed(mv, &mut events).ok()?;
    if !after.is_over() {
        return None;
    }
    let kind = match mv {
        Move::Sow(_) => Kind::Sowing {
            extra_turn: turn.extra_turn,
        },
        Move::Pass => Kind::Pass,
    };
    let last = LastMove {
        rules: before.rules(),
        topology: before.topology(),
        before: before.board(),
        after: after.board(),
        events: &events,
        mover: turn.mover,
        kind,
    };
    Some(sowing_end(&last, &|holes, p| {
        before
            .history()
            .contains(&Board::from_counts(holes, &[]), p)
    }))
}

/// Why a [`Mankka`](mankka::Mankka) game ended with `mv` played in
/// `before`, or `None` if it did not end (or the move is refused).
pub fn mankka_end(before: &mankka::Mankka, mv: mankka::Move) -> Option<SowingEnd> {
    let mut after = before.clone();
    let mut events = Vec::new();
    let report = after.play_observed(mv, &mut events).ok()?;
    if !after.is_over() {
        return None;
    }
    let rules = before.options().rules();
    let kind = match mv {
        mankka::Move::Sow(_) => Kind::Sowing { extra_turn: false },
        mankka::Move::Pass => Kind::Pass,
        mankka::Move::Place(_) => Kind::Placement,
    };
    let last = LastMove {
        rules: &rules,
        topology: before.topology(),
        before: before.board(),
        after: after.board(),
        events: &events,
        mover: report.mover,
        kind,
    };
    // The history of `before`: the positions its setup remembers, and
    // itself.
    let setup = before.to_setup();
    Some(sowing_end(&last, &|holes, p| {
        (holes == before.board().holes() && before.to_move() == Some(p))
            || setup
                .history
                .iter()
                .any(|seen| seen.board == holes && seen.to_move == p)
    }))
}

/// Why a game of Numercy ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum NumercyEnd {
    /// The player to move has no ball on his side.
    NoBalls(Player),
    /// He has balls, but every move of his relays forever (forbidden).
    AllEndless(Player),
    /// The position (board, points, player to move) repeated.
    Repetition,
}

impl NumercyEnd {
    /// The reason in words; `name` names each player.
    pub fn words(self, name: &dyn Fn(Player) -> String) -> String {
        match self {
            NumercyEnd::NoBalls(p) => format!("{} has no balls to sow", name(p)),
            NumercyEnd::AllEndless(p) => format!(
                "{} has balls, but every move of his would relay forever, which the rules \
                 forbid",
                name(p)
            ),
            NumercyEnd::Repetition => "the position repeated (the same balls in every hole, \
                                       the same points, the same player to move)"
                .to_string(),
        }
    }
}

/// Why `game`, which is over, ended.
///
/// The game ends when the player to move has no legal move, or (with the
/// `repetition` option) when the position repeats. A repeated position had
/// legal moves the first time (else the game would have ended there), and
/// they depend on the board and player alone: so the end was a repetition
/// exactly when the final position, set up afresh without its history, has
/// a legal move.
pub fn numercy_end(game: &numercy::Numercy) -> NumercyEnd {
    let mut setup = game.to_setup();
    let next = setup.to_move;
    setup.over = false;
    setup.history.clear();
    let balls = game.board().seeds_of(game.topology(), next);
    match numercy::Numercy::from_setup(setup) {
        Ok(fresh) if !fresh.legal_actions(next).is_empty() => NumercyEnd::Repetition,
        // A position the work budget cannot decide is never reached by
        // play, except a repeated one, whose moves are not decided again.
        Err(_) if game.options().repetition => NumercyEnd::Repetition,
        _ if balls == 0 => NumercyEnd::NoBalls(next),
        _ => NumercyEnd::AllEndless(next),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_core::{Pit, Setup};

    fn sow(i: usize) -> Move {
        Move::Sow(Pit::new(i).expect("a hole"))
    }

    fn oware_at(board: [u16; 12], stores: [u16; 2], to_move: Player) -> Mancala {
        let mut setup = Setup::new(Rules::oware());
        setup.board = board.to_vec();
        setup.stores = stores.to_vec();
        setup.to_move = to_move;
        Mancala::from_setup(setup).expect("a valid position")
    }

    /// How oware in `board` and `stores`, `to_move` to move, ends when he
    /// sows `hole`.
    fn oware_end(board: [u16; 12], stores: [u16; 2], to_move: Player, hole: usize) -> SowingEnd {
        let before = oware_at(board, stores, to_move);
        mancala_end(&before, sow(hole)).expect("the game ends")
    }

    /// South's hole 5 (1 seed) reaches North's hole 6 (1 seed, now 2): a
    /// capture of 2 that gives South 25 of 48, more than half. The 2 seeds
    /// left (South's hole 0 and North's 7) are then swept to their owners.
    #[test]
    fn a_majority_is_named_and_the_sweep_undone() {
        let board = [1, 0, 0, 0, 0, 1, 1, 1, 0, 0, 0, 0];
        let end = oware_end(board, [23, 21], Player::P0, 5);
        assert_eq!(end.board.holes(), &[1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0]);
        assert_eq!(&end.board.stores()[..2], &[25, 21]);
        assert_eq!(end.swept, [1, 1]);
        assert_eq!(
            end.reason,
            Reason::Majority {
                player: Some(Player::P0),
                seeds: 25,
                total: 48
            }
        );
    }

    /// A move that does not end the game has no ending; a refused one
    /// neither.
    #[test]
    fn no_ending_while_the_game_goes_on() {
        assert!(mancala_end(&mancala_core::oware(), sow(0)).is_none());
        assert!(mancala_end(&mancala_core::oware(), sow(7)).is_none());
    }

    /// Kalah ends as soon as a side is empty, whoever is to move: South
    /// sows his last seed (hole 5) into his store and would move again,
    /// but his side is empty. North's 18 seeds stay and count for him.
    #[test]
    fn kalah_ends_on_an_empty_side() {
        let mut setup = Setup::new(Rules::kalah());
        setup.board = vec![0, 0, 0, 0, 0, 1, 3, 3, 3, 3, 3, 3];
        setup.stores = vec![20, 9];
        let before = Mancala::from_setup(setup).expect("valid");
        let end = mancala_end(&before, sow(5)).expect("ends");
        assert_eq!(end.reason, Reason::SideEmpty(Player::P0));
        assert_eq!(end.swept, [0, 0]);
        assert_eq!(&end.board.stores()[..2], &[21, 9]);
    }

    /// The player to move with seeds but no move that feeds the other, who
    /// has none: oware's (c). North sows his last seed (hole 11) into
    /// South's hole 0; South must then feed North, and his one seed only
    /// reaches his own hole 1. South takes it at the end.
    #[test]
    fn oware_ends_when_the_mover_cannot_feed() {
        let board = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1];
        let end = oware_end(board, [24, 23], Player::P1, 11);
        assert_eq!(
            end.reason,
            Reason::NoMove {
                player: Player::P0,
                has_seeds: true,
                too_few: false,
                unfed: Some(Player::P1)
            }
        );
        assert_eq!(end.board.holes()[0], 1);
        assert_eq!(end.swept, [1, 0]);
    }

    /// Oware's repetition, found by playing: single seeds chasing each
    /// other round the board without a capture come back to a position
    /// seen, and the engine's history says so.
    #[test]
    fn oware_ends_on_a_repetition() {
        // Two seeds six holes apart, each player's first legal move: they
        // walk round together and never land on each other.
        let mut game = oware_at([1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0], [23, 23], Player::P0);
        let mut ended = None;
        for _ in 0..100 {
            let Some(p) = game.to_move() else { break };
            let mv = game.legal_actions(p)[0];
            if let Some(end) = mancala_end(&game, mv) {
                ended = Some(end.reason);
            }
            game.play(mv).expect("legal");
        }
        assert!(game.is_over());
        assert_eq!(ended, Some(Reason::Repetition));
    }

    fn numercy_two_by_two(board: [u16; 4], repetition: bool) -> numercy::Numercy {
        let mut options = numercy::Options::board(2);
        options.repetition = repetition;
        let mut setup = numercy::Setup::new(options);
        setup.board = board.to_vec();
        numercy::Numercy::from_setup(setup).expect("a valid position")
    }

    fn numercy_play(game: &mut numercy::Numercy, pits: &[usize]) {
        for &i in pits {
            game.play(numercy::Pit::new(i).expect("a hole"))
                .expect("legal");
        }
    }

    /// RULES.md's 2x2 cycle: S0, N2, S1, N3 bring back the start, which
    /// ends the game under the repetition option.
    #[test]
    fn a_numercy_repetition_is_told_from_a_player_with_no_move() {
        let mut game = numercy_two_by_two([1, 0, 1, 0], true);
        numercy_play(&mut game, &[0, 2, 1, 3]);
        assert!(game.is_over());
        assert_eq!(numercy_end(&game), NumercyEnd::Repetition);
        // South's one ball reaches his own hole 1: North has none.
        let mut game = numercy_two_by_two([1, 0, 0, 0], true);
        numercy_play(&mut game, &[0]);
        assert!(game.is_over());
        assert_eq!(numercy_end(&game), NumercyEnd::NoBalls(Player::P1));
        let name = |p: Player| ["South", "North"][p.index()].to_string();
        assert_eq!(numercy_end(&game).words(&name), "North has no balls to sow");
    }

    /// Mankka Two ends when at most the threshold is left after a sowing
    /// move, or as the sowing engine ends it; a move that does not end the
    /// game has no ending.
    #[test]
    fn a_mankka_move_that_does_not_end_the_game_has_no_ending() {
        let game = mankka::Mankka::default();
        let first = game.legal_moves()[0];
        assert!(mankka_end(&game, first).is_none());
    }
}
