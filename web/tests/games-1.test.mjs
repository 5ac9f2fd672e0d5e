// The whole games of shard 1 of 2 (see whole_games.mjs).

import { wholeGames } from './whole_games.mjs';

wholeGames(1, 2);
