//! Why a game ended ([`Mancala::end`], [`ToguzKumalak::end`]): the end
//! conditions recorded as they fire, for specific games, and over random
//! playouts of the presets (a game over has a reason, a game that goes on
//! has none; the rules' own conditions only).

// Tests may unwrap and panic: that is how they fail.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use mancala_core::{
    Board, End, Event, Game, Mancala, Move, Pit, Player, Rules, Setup, Traditional,
    rules::{EndRules, Feeding, Leftover},
    toguz::ToguzKumalak,
};
use mancala_testing as testing;
use proptest::prelude::*;

fn sow(i: usize) -> Move {
    Move::Sow(Pit::new(i).expect("a hole"))
}

fn at(rules: Rules, board: &[u16], stores: [u16; 2], to_move: Player) -> Mancala {
    let mut setup = Setup::new(rules);
    setup.board = board.to_vec();
    setup.stores = stores.to_vec();
    setup.to_move = to_move;
    Mancala::from_setup(setup).expect("a valid position")
}

/// How oware in `board` and `stores`, `to_move` to move, ends when he sows
/// `hole`: the game after the move.
fn oware_after(board: [u16; 12], stores: [u16; 2], to_move: Player, hole: usize) -> Mancala {
    let mut game = at(Rules::oware(), &board, stores, to_move);
    assert_eq!(game.end(), None);
    game.play(sow(hole)).expect("legal");
    assert!(game.is_over());
    game
}

/// South's hole 5 (1 seed) reaches North's hole 6 (1 seed, now 2): a
/// capture of 2 that gives South 25 of 48, more than half. The 2 seeds
/// left (South's hole 0 and North's 7) are then swept to their owners: the
/// majority counts the seeds before the sweep.
#[test]
fn a_majority_is_named_before_the_sweep() {
    let board = [1, 0, 0, 0, 0, 1, 1, 1, 0, 0, 0, 0];
    let game = oware_after(board, [23, 21], Player::P0, 5);
    assert_eq!(
        game.end(),
        Some(End::Majority {
            player: Some(Player::P0),
            seeds: 25,
            total: 48
        })
    );
    assert_eq!(&game.board().stores()[..2], &[26, 22]);
}

/// A move that does not end the game leaves no reason; a refused one
/// neither.
#[test]
fn no_reason_while_the_game_goes_on() {
    let mut game = mancala_core::oware();
    assert!(game.play(sow(7)).is_err());
    assert_eq!(game.end(), None);
    game.play(sow(0)).expect("legal");
    assert_eq!(game.end(), None);
}

/// Kalah ends as soon as a side is empty, whoever is to move: South sows
/// his last seed (hole 5) into his store and would move again, but his
/// side is empty. North's 18 seeds stay and count for him.
#[test]
fn kalah_ends_on_an_empty_side() {
    let board = [0, 0, 0, 0, 0, 1, 3, 3, 3, 3, 3, 3];
    let mut game = at(Rules::kalah(), &board, [20, 9], Player::P0);
    game.play(sow(5)).expect("legal");
    assert_eq!(game.end(), Some(End::SideEmpty(Player::P0)));
    assert_eq!(&game.board().stores()[..2], &[21, 9]);
}

/// The player to move with seeds but no move that feeds the other, who has
/// none: oware's (c). North sows his last seed (hole 11) into South's hole
/// 0; South must then feed North, and his one seed only reaches his own
/// hole 1. South takes it at the end.
#[test]
fn oware_ends_when_the_mover_cannot_feed() {
    let board = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1];
    let game = oware_after(board, [24, 23], Player::P1, 11);
    assert_eq!(
        game.end(),
        Some(End::NoMove {
            player: Player::P0,
            has_seeds: true,
            too_few: false,
            unfed: Some(Player::P1)
        })
    );
    assert_eq!(&game.board().stores()[..2], &[25, 23]);
}

/// Oware's repetition, found by playing: single seeds chasing each other
/// round the board without a capture come back to a position seen.
#[test]
fn oware_ends_on_a_repetition() {
    // Two seeds six holes apart, each player's first legal move: they walk
    // round together and never land on each other.
    let board = [1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0];
    let mut game = at(Rules::oware(), &board, [23, 23], Player::P0);
    for _ in 0..100 {
        let Some(p) = game.to_move() else { break };
        assert_eq!(game.end(), None);
        game.play(game.legal_actions(p)[0]).expect("legal");
    }
    assert!(game.is_over());
    assert_eq!(game.end(), Some(End::Repetition));
}

/// Awari ends when every hole holds at most one seed; a live setup already
/// over by the rules records its end as a move would.
#[test]
fn awari_ends_when_every_hole_holds_at_most_one() {
    let board = [1, 0, 1, 0, 0, 0, 0, 1, 0, 0, 1, 0];
    let game = at(Rules::awari(), &board, [22, 22], Player::P0);
    assert!(game.is_over());
    assert_eq!(game.end(), Some(End::EachAtMost { most: 1 }));
}

/// A setup marked `over` says nothing of why: the reason is unknown, and
/// the game still equals the one that ended by play.
#[test]
fn a_game_set_up_as_over_has_no_known_reason() {
    let board = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1];
    let game = oware_after(board, [24, 23], Player::P1, 11);
    let again = Mancala::from_setup(game.to_setup()).expect("its own setup");
    assert!(again.is_over());
    assert_eq!(again.end(), None);
    assert_eq!(again, game);
    let text: Mancala = game.to_string().parse().expect("its own text");
    assert_eq!((text.end(), text), (None, game));
}

/// Every finished game of a preset, by random play, has a reason, and only
/// finished games have one; the reasons are those of the preset's rules.
fn playouts_have_reasons(start: Mancala, seed: u64) {
    let rules = *start.rules();
    let mut ended = 0;
    testing::random_playouts(start, seed, 12, 400, |game, _| {
        let Some(end) = game.end() else {
            assert!(!game.is_over(), "over without a reason: {game}");
            return;
        };
        assert!(game.is_over(), "a reason but not over: {game}");
        ended += 1;
        let allowed = match end {
            End::Majority { total, .. } => rules.end.majority && total == game.board().total(),
            End::Repetition => rules.end.repetition,
            End::SideEmpty(_) => rules.end.side_empty,
            End::FewLeft { most, .. } => rules.end.at_most_left == Some(most),
            End::EachAtMost { most } => rules.end.each_at_most == Some(most),
            End::NoMove { .. } => !rules.end.pass,
            End::NobodyCanMove => rules.end.pass,
            End::Target { player, seeds } => {
                rules.end.target.is_some_and(|t| seeds >= u32::from(t))
                    && seeds == u32::from(game.board().store(player))
            }
            _ => false,
        };
        assert!(allowed, "{end:?} under {rules:?}");
    });
    assert!(ended > 0, "no game of {rules:?} ended");
}

#[test]
fn presets_that_end_have_reasons() {
    playouts_have_reasons(mancala_core::oware(), 1);
    playouts_have_reasons(mancala_core::kalah(), 2);
    // Oure Ngat never ends (its single seeds are sown back into their own
    // holes: `catalogue_captures.rs` shows the standstill).
    let ending = Traditional::ALL
        .iter()
        .filter(|&&g| g != Traditional::OureNgat);
    for (i, game) in ending.enumerate() {
        let start = Mancala::new(game.rules()).expect("a preset");
        playouts_have_reasons(start, 10 + i as u64);
    }
}

/// Toguz Kumalak ends when the player to move has no seeds.
#[test]
fn toguz_playouts_end_with_no_seeds_to_sow() {
    testing::random_playouts(ToguzKumalak::new(), 7, 6, 2000, |game, _| {
        match game.end() {
            None => assert!(!game.is_over()),
            Some(End::NoMove {
                player,
                has_seeds: false,
                ..
            }) => assert_eq!(game.to_move(), None, "{player}"),
            Some(end) => panic!("{end:?}"),
        }
    });
}

// ---------------------------------------------------------------------------
// The recorded reason against the end conditions asked afresh
// ---------------------------------------------------------------------------

/// Why `before` ends with `mv`, worked out afresh, as `mancala-engine` once
/// did: the move replayed with its events, the end's sweep of the seeds
/// left (the `Collect` events) undone, and the end conditions asked in the
/// engine's order of the board the move left. `None` if the game goes on.
fn asked_afresh(before: &Mancala, mv: Move) -> Option<End> {
    let mut after = before.clone();
    let mut events = Vec::new();
    let turn = after.play_observed(mv, &mut events).ok()?;
    if !after.is_over() {
        return None;
    }
    let (rules, topology) = (before.rules(), before.topology());
    let players = topology.players();
    let mut holes = after.board().holes().to_vec();
    let mut stores = after.board().stores()[..players].to_vec();
    for event in &events {
        if let Event::Collect { pit, seeds, to } = *event {
            holes[pit.index()] += seeds;
            stores[to.index()] -= seeds;
        }
    }
    let board = Board::from_counts(&holes, &stores);
    let sown = matches!(mv, Move::Sow(_));
    let next = if turn.extra_turn {
        turn.mover
    } else {
        turn.mover.next(players)
    };
    let seeds_left = board.on_board() != before.board().on_board();
    let total = board.total();
    let seen = before
        .history()
        .contains(&Board::from_counts(&holes, &[]), next);
    if rules.end.repetition && !seeds_left && seen {
        return Some(End::Repetition);
    }
    let store = |p: Player| u32::from(board.store(p));
    let over_half = Player::all(players).find(|&p| 2 * store(p) > total);
    let halves = Player::all(players)
        .filter(|&p| 2 * store(p) == total)
        .count();
    if rules.end.majority && (seeds_left || !sown) && (over_half.is_some() || halves >= 2) {
        let seeds = over_half.map_or(total / 2, store);
        return Some(End::Majority {
            player: over_half,
            seeds,
            total,
        });
    }
    let at_target = |t: u16| Player::all(players).find(|&p| board.store(p) >= t);
    if let Some(player) = rules.end.target.and_then(at_target) {
        let seeds = store(player);
        return Some(End::Target { player, seeds });
    }
    let empty = Player::all(players).find(|&p| !board.has_seeds(topology, p));
    if let Some(p) = empty.filter(|_| rules.end.side_empty) {
        return Some(End::SideEmpty(p));
    }
    let left = board.on_board();
    if let Some(most) = rules
        .end
        .at_most_left
        .filter(|&m| sown && left <= u32::from(m))
    {
        return Some(End::FewLeft { left, most });
    }
    if let Some(most) = rules
        .end
        .each_at_most
        .filter(|&m| holes.iter().all(|&c| c <= m))
    {
        return Some(End::EachAtMost { most });
    }
    if rules.end.pass {
        return Some(End::NobodyCanMove);
    }
    let fed = next.next(players);
    let has_seeds = board.has_seeds(topology, next);
    let direction = rules.sowing.direction;
    // The holes he may sow: his own, or his zone where the rules sow
    // elsewhere (Tap Urdy, Kara, Kapana Bona).
    let sowable = topology.pits().any(|p| {
        rules.sowable.in_zone(topology, p, next)
            && rules.sowable.allows(&board, topology, direction, p)
    });
    Some(End::NoMove {
        player: next,
        has_seeds,
        too_few: has_seeds && !sowable,
        unfed: (rules.feeding != Feeding::Off && !board.has_seeds(topology, fed)).then_some(fed),
    })
}

/// Rules of the presets with their end conditions, feeding and leftovers
/// drawn afresh, on small boards of few seeds (so that games end).
fn end_rules() -> impl Strategy<Value = Rules> {
    let presets: Vec<Rules> = [Rules::oware(), Rules::kalah()]
        .into_iter()
        .chain(Traditional::ALL.iter().map(|g| g.rules()))
        .collect();
    (
        proptest::sample::select(presets),
        (2u8..=6, 1u16..=4),
        (any::<bool>(), any::<bool>(), any::<bool>(), any::<bool>()),
        (
            proptest::option::of(0u16..=10),
            proptest::option::of(0u16..=2),
            proptest::option::of(1u16..=20),
        ),
        (0usize..4, 0usize..3),
    )
        .prop_map(
            |(base, (houses, seeds), (maj, side, rep, pass), (few, each, target), (f, l))| {
                let mut rules = base.with_houses(houses).with_seeds(seeds);
                rules.end = EndRules {
                    majority: maj,
                    side_empty: side,
                    repetition: rep,
                    at_most_left: few,
                    each_at_most: each,
                    target,
                    pass,
                };
                rules.feeding = [
                    Feeding::Off,
                    Feeding::Required,
                    Feeding::IfPossible,
                    Feeding::Always,
                ][f];
                rules.leftover = [Leftover::ToOwner, Leftover::Stay, Leftover::Void][l];
                rules
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(testing::proptest_cases(200)))]

    /// Along random play under random end rules, a game that goes on has no
    /// reason, and the move that ends one records the reason the end
    /// conditions give when asked afresh of the board it left.
    #[test]
    fn the_reason_recorded_is_the_reason_asked_afresh(rules in end_rules(), seed in any::<u64>()) {
        let Ok(mut game) = Mancala::new(rules) else {
            return Ok(());
        };
        let mut rng = testing::SplitMix::new(seed);
        prop_assert_eq!(game.end().is_some(), game.is_over());
        for _ in 0..300 {
            let Some(p) = game.to_move() else { break };
            let moves = game.legal_actions(p);
            let mv = moves[rng.below(moves.len())];
            let before = game.clone();
            game.play(mv).expect("a legal move");
            prop_assert_eq!(game.end().is_some(), game.is_over(), "{}", game);
            if game.is_over() {
                prop_assert_eq!(game.end(), asked_afresh(&before, mv), "{} then {:?}", before, mv);
            }
        }
    }
}
