//! Numa's simultaneous-move search: legal, seeded, within its node budget,
//! quiet once the game is over, and stronger than random and greedy play.

use mancala_core::{Game, Outcome, Player};
use mancala_engine::agents::{NumaAgent, NumaGreedy, NumaRandom, Openings};
use mancala_engine::numa_search::{NumaSearch, NumaSearchStats};
use numa::{Choice, JointMove, Numa, Setup};

/// A budget that searches a candidate or two a turn: fast enough in debug
/// builds for a few games.
const SMALL: u64 = 200_000;

/// Positions a few random turns into the game.
fn positions(seed: u64, count: usize) -> Vec<Numa> {
    let mut openings = Openings::new(seed, 3);
    (0..count)
        .filter_map(|_| openings.next(&Numa::default()))
        .collect()
}

/// Plays `game` out between `arabic` and `roman`, at most `turns` turns;
/// every choice is one of the game's, and the search's stats are checked
/// after each of its moves.
fn play_out(
    mut game: Numa,
    arabic: &mut dyn NumaAgent,
    roman: &mut dyn NumaAgent,
    turns: usize,
) -> Numa {
    for _ in 0..turns {
        if game.is_over() {
            break;
        }
        let arabic = arabic.choose(&game, Player::P0);
        let roman = roman.choose(&game, Player::P1);
        assert!(Choice::ALL.contains(&arabic) && Choice::ALL.contains(&roman));
        game.play(JointMove { arabic, roman })
            .expect("every choice is legal in Numa");
    }
    game
}

#[test]
fn choices_are_legal_and_within_the_node_budget() {
    for budget in [1, 10_000, SMALL] {
        for (i, game) in positions(3, 4).into_iter().enumerate() {
            for player in [Player::P0, Player::P1] {
                let mut search = NumaSearch::new(i as u64).with_nodes(budget);
                let choice = search.choose(&game, player);
                assert!(Choice::ALL.contains(&choice));
                let stats = search.stats();
                assert!(
                    stats.nodes <= budget.max(NumaSearch::TURN_NODES),
                    "{} positions for a budget of {budget}",
                    stats.nodes
                );
                assert!(stats.nodes >= NumaSearch::TURN_NODES);
                assert!(stats.candidates <= NumaSearch::DEFAULT_CANDIDATES);
                if budget < NumaSearch::TURN_NODES {
                    assert_eq!(stats.candidates, 0);
                }
            }
        }
    }
    // The default budget searches every default candidate at the start.
    let mut search = NumaSearch::new(1);
    search.choose(&Numa::default(), Player::P0);
    let stats = search.stats();
    assert_eq!(stats.candidates, NumaSearch::DEFAULT_CANDIDATES);
    assert!(stats.nodes <= NumaSearch::DEFAULT_NODES);
}

#[test]
fn the_same_seed_plays_the_same_game() {
    let game = |seed: u64| {
        let mut search = NumaSearch::new(seed).with_nodes(SMALL);
        let mut random = NumaRandom::new(99);
        let mut stats: Vec<NumaSearchStats> = Vec::new();
        let mut game = positions(5, 1)[0];
        for _ in 0..6 {
            if game.is_over() {
                break;
            }
            let arabic = search.choose(&game, Player::P0);
            stats.push(search.stats());
            let roman = random.choose(&game, Player::P1);
            game.play(JointMove { arabic, roman }).expect("legal");
        }
        (game.to_setup(), stats)
    };
    assert_eq!(game(4), game(4));
}

#[test]
fn a_finished_game_is_answered_without_a_search() {
    let mut setup: Setup = Numa::default().to_setup();
    setup.scores = [33, 12];
    let game = Numa::from_setup(setup).expect("a valid setup");
    assert!(game.is_over());
    let mut search = NumaSearch::new(1);
    for player in [Player::P0, Player::P1] {
        assert_eq!(search.choose(&game, player), Choice::ALL[0]);
        assert_eq!(search.stats(), NumaSearchStats::default());
    }
    // And it plays on in a new game.
    let choice = search.with_nodes(1).choose(&Numa::default(), Player::P0);
    assert!(Choice::ALL.contains(&choice));
}

/// Games `search` wins out of `games`, from seeded openings, seats
/// alternating; a game still going after 200 turns is not a win.
fn wins(opponent: &mut dyn FnMut(u64) -> Box<dyn NumaAgent>, games: u64) -> u64 {
    let openings = positions(21, games as usize);
    let mut won = 0;
    for (g, &start) in openings.iter().enumerate() {
        let g = g as u64;
        let mut search = NumaSearch::new(1_000 + g).with_nodes(SMALL);
        let mut other = opponent(g);
        let (seat, end) = if g.is_multiple_of(2) {
            (
                Player::P0,
                play_out(start, &mut search, other.as_mut(), 200),
            )
        } else {
            (
                Player::P1,
                play_out(start, other.as_mut(), &mut search, 200),
            )
        };
        won += u64::from(end.outcome() == Some(Outcome::Winner(seat)));
    }
    won
}

#[test]
fn a_small_search_beats_random_and_greedy_play() {
    // Measured with these seeds: 10 of 10 against each (8 and 10 of 10
    // with 100,000 positions a turn; at the default budget, 93% and 99% of
    // 200 tournament games).
    let random = wins(&mut |g| Box::new(NumaRandom::new(7 + g)), 10);
    assert!(random >= 8, "{random} of 10 against random play");
    let greedy = wins(&mut |_| Box::new(NumaGreedy), 10);
    assert!(greedy >= 8, "{greedy} of 10 against greedy play");
}
