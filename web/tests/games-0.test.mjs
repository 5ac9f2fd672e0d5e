// The whole games of shard 0 of 2 (see whole_games.mjs).

import { wholeGames } from './whole_games.mjs';

wholeGames(0, 2);
