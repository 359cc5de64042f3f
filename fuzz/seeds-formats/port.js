// Two stages in the layout of the Flash game's level file, written as a JavaScript port
// would write them (for flipblox's tests; not from the game).
function getLevels() {
  var levelaa = [];
  levelaa.push("bbbbbbb");
  levelaa.push("bbb bbb");
  levelaa.push("bbbbbeb");
  levelaa.push([0, 0]);

  let levelab = [];
  levelab.push("bbbb");
  levelab.push("bffb");
  levelab.push("bbbe");
  levelab.push([0, 0]);

  const levelcodes = ["", "123456", "654321"];
  var levels = ["", levelaa, levelab];
  levels[1].unshift("000000");
  return levels;
}
