// Runs the scrabble-solver move generator on the cases bench/movegen_peers.py hands it.
//
//     node movegen_peers.js PEER_ROOT INPUT.json OUTPUT.json
//
// PEER_ROOT is the unpacked npm tarball with its packages wired up as node modules (the
// Python script prepares it). INPUT: {words_file, runs, cases: [{board: [rows of
// {letter, blank} or null], rack}]}. OUTPUT: the peer's board layout, letter values and bingo
// (to check the two engines play the same game), the word list's build time, and per case
// the median CPU and wall milliseconds and every play found.
'use strict';

const fs = require('fs');
const path = require('path');

const [peerRoot, inputPath, outputPath] = process.argv.slice(2);
const fromPeer = (name) => require(path.join(peerRoot, 'node_modules', name));
const { buildGaddag } = fromPeer('@kamilmielnik/gaddag');
const { solve } = fromPeer('@scrabble-solver/solver');
const { Board, Cell, Tile } = fromPeer('@scrabble-solver/types');
const { languages } = fromPeer('@scrabble-solver/configs');

const config = languages.englishUsScrabble;
const input = JSON.parse(fs.readFileSync(inputPath, 'utf8'));

const cpuMs = (start) => {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

// The premium squares as the move generator reads them (the first bonus listed wins).
const letterMult = [];
const wordMult = [];
for (let y = 0; y < config.boardHeight; ++y) {
  letterMult.push(new Array(config.boardWidth).fill(1));
  wordMult.push(new Array(config.boardWidth).fill(1));
}
for (let index = config.bonuses.length - 1; index >= 0; --index) {
  const bonus = config.bonuses[index];
  const requirement = typeof bonus.score === 'number';
  if (bonus.type === 'BONUS_CHARACTER' && !requirement) {
    letterMult[bonus.y][bonus.x] = bonus.multiplier;
    wordMult[bonus.y][bonus.x] = 1;
  } else if (bonus.type === 'BONUS_WORD') {
    wordMult[bonus.y][bonus.x] = bonus.multiplier;
    letterMult[bonus.y][bonus.x] = 1;
  }
}

let wallStart = process.hrtime.bigint();
let cpuStart = process.cpuUsage();
const words = fs.readFileSync(input.words_file, 'utf8').split('\n').filter((word) => word);
const gaddag = buildGaddag(words);
const load = {
  cpu_ms: cpuMs(cpuStart),
  wall_ms: Number(process.hrtime.bigint() - wallStart) / 1e6,
  words: words.length,
};

const makeBoard = (rows) =>
  new Board({
    rows: rows.map((row, y) =>
      row.map((square, x) =>
        square === null
          ? new Cell({ isEmpty: true, x, y })
          : new Cell({
              isEmpty: false,
              tile: new Tile({ character: square.letter.toLowerCase(), isBlank: square.blank }),
              x,
              y,
            }),
      ),
    ),
  });
const makeRack = (rack) =>
  [...rack].map((ch) =>
    ch === '?' ? new Tile({ character: ' ', isBlank: true }) : new Tile({ character: ch.toLowerCase() }),
  );

const cases = [];
for (const item of input.cases) {
  const board = makeBoard(item.board);
  const rack = makeRack(item.rack);
  let results = solve(gaddag, config, board, rack); // warm-up
  const cpu = [];
  const wall = [];
  for (let run = 0; run < input.runs; ++run) {
    wallStart = process.hrtime.bigint();
    cpuStart = process.cpuUsage();
    results = solve(gaddag, config, board, rack);
    cpu.push(cpuMs(cpuStart));
    wall.push(Number(process.hrtime.bigint() - wallStart) / 1e6);
  }
  const plays = results.map((result) => {
    const blanks = new Set(result.blankIndices);
    const tiles = result.tiles.map((ch, k) => (blanks.has(k) ? ch.toLowerCase() : ch.toUpperCase()));
    return [result.isHorizontal, result.y, result.x, tiles.join(''), result.points];
  });
  cases.push({ cpu_ms: median(cpu), wall_ms: median(wall), plays });
}

const points = {};
for (const ch of config.alphabet) {
  points[ch.toUpperCase()] = config.pointsMap[ch];
}
const output = {
  node: process.version,
  rows: config.boardHeight,
  cols: config.boardWidth,
  letter_mult: letterMult,
  word_mult: wordMult,
  start: [Math.floor(config.boardHeight / 2), Math.floor(config.boardWidth / 2)],
  points,
  blank_score: config.blankScore,
  rack_size: config.rackSize,
  bingo: config.bingo,
  load,
  cases,
};
fs.writeFileSync(outputPath, JSON.stringify(output));
