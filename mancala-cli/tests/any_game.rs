//! One program, generic over `G: Game`, plays complete games of all six
//! state types of the workspace (Toguz Kumalak's among them), Numa's simultaneous turns included, using
//! only the `Game` trait and the state traits (`Clone`, `Eq`, `Hash`,
//! `Debug`, `Default`, `Display`, `FromStr`).

use std::collections::HashSet;
use std::fmt::Display;
use std::str::FromStr;

use mancala_core::{Game, Mancala, Player, Status, toguz::ToguzKumalak};
use mankka::Mankka;
use numa::Numa;
use numercy::Numercy;
use robertson::Robertson;

/// Plays from the default start until the end (or `max_plies` moves), every
/// acting player taking the legal action `pick` chooses; checks the text
/// notation and the key of every position on the way. Returns the final
/// state and the number of moves.
fn play_out<G>(mut pick: impl FnMut(usize) -> usize, max_plies: usize) -> (G, usize)
where
    G: Game + Display + FromStr,
    <G as FromStr>::Err: std::fmt::Debug,
{
    let mut game = G::default();
    let mut seen_keys = HashSet::new();
    let mut plies = 0;
    while plies < max_plies {
        let acting: Vec<Player> = match game.status() {
            Status::Over(_) => break,
            Status::ToMove(p) => vec![p],
            Status::Simultaneous(set) => set.iter().collect(),
        };
        let choices: Vec<(Player, G::Action)> = acting
            .iter()
            .map(|&p| {
                let actions = game.legal_actions(p);
                (p, actions[pick(actions.len())])
            })
            .collect();
        let mv = game
            .joint_move(&choices)
            .expect("the acting players' actions");
        assert!(game.is_legal(&mv));
        let report = game.play(mv).expect("legal actions are accepted");
        assert!(!report.to_string().is_empty());
        // The position reads back from its text, with the same key.
        let back: G = game.to_string().parse().expect("the notation reads back");
        assert_eq!(back, game);
        assert_eq!(back.key(), game.key());
        seen_keys.insert(game.key());
        plies += 1;
    }
    assert!(!seen_keys.is_empty());
    (game, plies)
}

fn picker(seed: u64) -> impl FnMut(usize) -> usize {
    let mut rng = mancala_engine::Rng::new(seed);
    move |len| rng.below(len)
}

#[test]
fn a_generic_program_plays_every_game_of_the_family() {
    for seed in 1..=5 {
        let (oware, _) = play_out::<Mancala>(picker(seed), 10_000);
        let (numercy, _) = play_out::<Numercy>(picker(seed), 10_000);
        let (robertson, _) = play_out::<Robertson>(picker(seed), 10_000);
        let (mankka, _) = play_out::<Mankka>(picker(seed), 10_000);
        let (numa, turns) = play_out::<Numa>(picker(seed), 10_000);
        let (toguz, _) = play_out::<ToguzKumalak>(picker(seed), 10_000);
        // Every one of these random games ended within the move limit.
        for over in [
            oware.is_over(),
            numercy.is_over(),
            robertson.is_over(),
            mankka.is_over(),
            numa.is_over(),
            toguz.is_over(),
        ] {
            assert!(over, "seed {seed}");
        }
        assert!(turns > 0);
    }
}
