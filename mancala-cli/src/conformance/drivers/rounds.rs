//! The conformance driver for the matches of rounds (`game`: `sungka`,
//! `congkak`, `galatjang`, `ovalhu`, `erherhe`, `khrour`, `dakon`,
//! `pallanguzhi`; [`RoundGame`]).
//!
//! A trace move is one action or several (TRACES.md, "Rounds"): a hole
//! sows it and `"pass"` passes; Dakon's `[h, c1, ..., ck]` sows `h` and
//! makes each choice (`"relay"` or `"capture"`) in turn, and must leave no
//! choice unmade; `{"refill": [F0, F1]}`, only between two rounds, has the
//! players fill in turn from the player to move, each the next hole of his
//! list when he can fill one (a player who cannot passes), until the next
//! round begins, with no hole of either list left over. States add
//! `closed` and `round` to `board`, `stores`, `to_move` and `result`.

use std::collections::VecDeque;

use mancala_core::rounds::{RoundAction, RoundGame, RoundRules, RoundSetup, Stage};
use mancala_core::{Budget, Game, Pit, Player};
use serde_json::{Value, json};

use super::{TraceGame, TraceMove, TracePlay};
use crate::conformance::{result_json, start_to_move, text_move, to_move_json, uint_list};

impl TraceMove for RoundAction {
    fn from_trace(mv: &Value) -> Result<RoundAction, String> {
        text_move(mv)
    }
}

/// The holes of one player's list in a refill.
fn fills(list: &Value) -> Result<VecDeque<Pit>, TracePlay> {
    let holes: Vec<usize> = uint_list("refill", Some(list)).map_err(TracePlay::Unreadable)?;
    holes
        .into_iter()
        .map(|h| Pit::new(h).ok_or_else(|| TracePlay::Unreadable(format!("{h} is not a hole"))))
        .collect()
}

/// Plays `action`, or says why the game refuses it.
fn act(game: &mut RoundGame, action: RoundAction) -> Result<(), TracePlay> {
    game.play(action)
        .map(drop)
        .map_err(|e| TracePlay::Refused(e.to_string()))
}

/// A Dakon move: the hole sown, then each choice in turn.
fn sow_and_choose(game: &mut RoundGame, parts: &[Value]) -> Result<(), TracePlay> {
    let Some((hole, choices)) = parts.split_first() else {
        return Err(TracePlay::Unreadable("an empty move".into()));
    };
    let hole: Pit = text_move(hole).map_err(TracePlay::Unreadable)?;
    act(game, RoundAction::Sow(hole))?;
    for choice in choices {
        let action = match choice.as_str() {
            Some("relay") => RoundAction::Relay,
            Some("capture") => RoundAction::Capture,
            _ => {
                return Err(TracePlay::Unreadable(format!(
                    "a choice is \"relay\" or \"capture\", not {choice}"
                )));
            }
        };
        act(game, action)?;
    }
    Ok(())
}

/// A refill: the players' fills in turn from the player to move.
fn refill(game: &mut RoundGame, lists: &Value) -> Result<(), TracePlay> {
    let lists = lists
        .as_array()
        .filter(|l| l.len() == 2)
        .ok_or_else(|| TracePlay::Unreadable("a refill is two lists of holes".into()))?;
    let mut lists = [fills(&lists[0])?, fills(&lists[1])?];
    if !game.is_refilling() {
        return Err(TracePlay::Refused(
            "a refill follows only a round's end".into(),
        ));
    }
    while game.is_refilling() {
        let player = game.player_to_move();
        let can_fill = game
            .legal_actions(player)
            .iter()
            .any(|a| matches!(a, RoundAction::Fill(_)));
        if can_fill {
            let hole = lists[player.index()].pop_front().ok_or_else(|| {
                TracePlay::Refused(format!(
                    "player {} can fill a hole but lists none",
                    player.index()
                ))
            })?;
            act(game, RoundAction::Fill(hole))?;
        } else {
            act(game, RoundAction::Pass)?;
        }
    }
    match lists.iter().position(|l| !l.is_empty()) {
        None => Ok(()),
        Some(p) => Err(TracePlay::Refused(format!(
            "the refill ended with player {p}'s holes {:?} left to fill",
            lists[p].iter().map(|h| h.index()).collect::<Vec<_>>()
        ))),
    }
}

impl TraceGame for RoundGame {
    type Options = RoundRules;

    super::preset_options!(RoundRules, "the round games");

    /// A position in the middle of a round (or a finished match, its
    /// `result` naming the winner); `round` 1 and no `closed` holes when
    /// left out.
    fn set_up(rules: RoundRules, start: &Value, _budget: Budget) -> Result<RoundGame, String> {
        let mut setup = RoundSetup::new(rules);
        setup.board = uint_list("board", start.get("board"))?;
        setup.stores = super::two_stores(start)?;
        if start.get("closed").is_some() {
            let closed: Vec<usize> = uint_list("closed", start.get("closed"))?;
            setup.closed = closed
                .into_iter()
                .map(|h| Pit::new(h).ok_or_else(|| format!("`closed` holds {h}, not a hole")))
                .collect::<Result<_, _>>()?;
        }
        if let Some(round) = start.get("round") {
            setup.round = round
                .as_u64()
                .and_then(|r| u32::try_from(r).ok())
                .ok_or_else(|| format!("`round` must be a round number, not {round}"))?;
        }
        match start_to_move(start)? {
            Some(player) => setup.to_move = player,
            None => {
                let winner = start
                    .get("result")
                    .and_then(|r| r.get("winner"))
                    .and_then(Value::as_u64)
                    .and_then(|w| Player::new(w as usize))
                    .ok_or("a finished start must name its winner in `result`")?;
                setup.stage = Stage::Won(winner);
            }
        }
        RoundGame::from_setup(setup).map_err(|e| format!("impossible start: {e}"))
    }

    fn state(&self) -> Value {
        let closed: Vec<usize> = self.closed().map(Pit::index).collect();
        json!({
            "board": self.board(),
            "stores": self.stores(),
            "closed": closed,
            "round": self.round(),
            "to_move": to_move_json(self),
            "result": result_json(self.outcome()),
        })
    }

    /// One action, a Dakon move of several, or a refill; played on a copy
    /// and kept only if every action is played and no choice is left
    /// unmade.
    fn play_trace(&mut self, mv: &Value) -> Result<(), TracePlay> {
        let mut game = self.clone();
        match mv {
            Value::Array(parts) => sow_and_choose(&mut game, parts)?,
            Value::Object(object) => match (object.get("refill"), object.len()) {
                (Some(lists), 1) => refill(&mut game, lists)?,
                _ => {
                    return Err(TracePlay::Unreadable(
                        "an object move is `{\"refill\": [F0, F1]}`".into(),
                    ));
                }
            },
            single => act(
                &mut game,
                RoundAction::from_trace(single).map_err(TracePlay::Unreadable)?,
            )?,
        }
        if game.is_choosing() {
            return Err(TracePlay::Refused(
                "the move stops at a choice it does not make (relay or capture)".into(),
            ));
        }
        *self = game;
        Ok(())
    }
}
