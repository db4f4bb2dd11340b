"""Every text the app shows, in Spanish, English and Chinese (a reviewed table).

``tr(key, lang, **values)`` returns the text with ``{placeholders}`` filled.
Unknown keys raise KeyError (a programming error, caught by the tests); an unknown
language raises ValueError naming the three supported ones. Game terms follow the
rulebooks' vocabulary (news beat / sección, scoop / exclusiva de ronda, front page /
portada, 版面) in our own words; no publisher sentence is copied.
"""

from __future__ import annotations

import re
import string

LANGS: tuple[str, ...] = ("es", "en", "zh")

# key: (es, en, zh)
TEXTS: dict[str, tuple[str, str, str]] = {
    # app and navigation
    "app.title": ("Compañero de mesa", "Table Companion", "桌游助手"),
    "nav.live": ("Mesa", "Table", "桌面"),
    "nav.corrections": ("Corregir", "Correct", "更正"),
    "nav.press": ("A imprenta", "Go to press", "付印"),
    "nav.scores": ("Puntos", "Scores", "得分"),
    "nav.settings": ("Ajustes", "Settings", "设置"),
    "nav.back": ("Volver", "Back", "返回"),
    # start screen
    "start.heading": ("Nueva partida", "New game", "新游戏"),
    "start.game": ("Juego", "Game", "游戏"),
    "game.penny-press": ("Penny Press", "Penny Press", "Penny Press"),
    "start.players": ("Jugadores", "Players", "玩家"),
    "start.name": ("Nombre", "Name", "姓名"),
    "start.paper": ("Periódico", "Paper", "报纸"),
    "start.colour": ("Color", "Colour", "颜色"),
    "start.add_player": ("Añadir jugador", "Add player", "添加玩家"),
    "start.remove_player": ("Quitar", "Remove", "移除"),
    "start.language": ("Idioma", "Language", "语言"),
    "start.camera": ("Cámara", "Camera", "摄像头"),
    "start.camera_index": ("Cámara n.º {n}", "Camera #{n}", "摄像头 {n}"),
    "start.recording": ("Grabación", "Recording", "录像"),
    "start.printer": ("Impresora", "Printer", "打印机"),
    "start.variant_strike": ("Variante huelga de repartidores", "Newsboy strike variant", "报童罢工变体"),
    "start.begin": ("Empezar", "Start", "开始"),
    "start.first_player": ("Empieza", "Starts", "先手"),
    "err.first_player": ("Elige quién empieza", "Choose who starts", "请选择先手玩家"),
    "start.recording_label.one": ("{game} · grabación de {n} jugador", "{game} · recording, {n} player",
                                  "{game} · 录像，{n} 名玩家"),
    "start.recording_label.other": ("{game} · grabación de {n} jugadores", "{game} · recording, {n} players",
                                    "{game} · 录像，{n} 名玩家"),
    "start.recordings": ("Partidas grabadas (sin cámara)", "Recorded games (no camera)", "录好的游戏（无需摄像头）"),
    "start.saved": ("Jugadores guardados: toca para añadir", "Saved players: tap to add", "已保存的玩家：点击添加"),
    "start.source_camera": ("Jugar con la cámara", "Play with the camera", "使用摄像头"),
    "start.resume": ("Continuar partida", "Resume game", "继续游戏"),
    "start.resume_none": ("No hay partidas sin terminar", "No unfinished games", "没有未完成的游戏"),
    "start.resume_item": ("{file} · {when}", "{file} · {when}", "{file} · {when}"),
    "err.players_count": ("Penny Press se juega con 2 a 5 jugadores (hay {n})",
                          "Penny Press takes 2 to 5 players (you have {n})",
                          "Penny Press 需要 2 至 5 名玩家（现在 {n} 名）"),
    "err.players_range": ("Este juego es para {low} a {high} jugadores (hay {n})",
                          "This game takes {low} to {high} players (you have {n})",
                          "这个游戏需要 {low} 至 {high} 名玩家（现在 {n} 名）"),
    "host.back": ("Juegos", "Games", "游戏列表"),
    "err.game_open": ("No se pudo empezar la partida: {error}", "The game could not start: {error}",
                      "无法开始游戏：{error}"),
    "err.colour_twice": ("El color {colour} está elegido dos veces",
                         "Colour {colour} is chosen twice", "颜色 {colour} 被选了两次"),
    "err.name_empty": ("El jugador {n} no tiene nombre", "Player {n} has no name",
                       "第 {n} 位玩家没有名字"),
    "err.strike_players": ("La huelga de repartidores solo con 4 o 5 jugadores",
                           "The newsboy strike needs 4 or 5 players",
                           "报童罢工变体只适用于 4 或 5 名玩家"),
    "err.no_source": ("Elige una cámara o un archivo de grabación",
                      "Choose a camera or a recording file", "请选择摄像头或录像文件"),
    "err.recording_missing": ("No existe la grabación {path}", "Recording {path} does not exist",
                              "录像 {path} 不存在"),
    "err.session": ("No se pudo abrir la partida: {error}", "Could not open the game: {error}",
                    "无法打开游戏：{error}"),
    "err.players_range": ("Elige de {low} a {high} jugadores", "Choose {low} to {high} players",
                          "请选择 {low} 至 {high} 名玩家"),
    "err.no_mat_page": ("No se ve la portada de {colour} en su tablero", "{colour}'s front page is not seen on the mat",
                        "没有在{colour}的玩家版面上看到头版"),
    "err.not_started": ("La partida aún no ha empezado", "The game has not started yet", "游戏尚未开始"),
    "err.not_over": ("La partida aún no ha terminado", "The game is not over yet", "游戏尚未结束"),
    "err.arrow_follows": ("La flecha sale de la partida: corrige noticias o reporteros",
                          "An arrow follows from the game: correct stories or reporters",
                          "箭头位置由游戏决定：请更正新闻或记者"),
    "err.no_correction": ("Esa corrección ya no está", "That correction is gone already", "该更正已不存在"),
    "err.cannot_press": ("{colour} no puede ir a imprenta ahora", "{colour} cannot go to press now",
                         "{colour} 现在不能付印"),
    "err.no_paper_yet": ("{colour} aún no ha impreso ningún periódico", "{colour} has not printed a paper yet",
                         "{colour} 还没有出版报纸"),
    "err.language": ("Idioma no disponible: {lang}", "Language not available: {lang}",
                     "不支持的语言：{lang}"),
    # colours
    "colour.red": ("rojo", "red", "红"),
    "colour.blue": ("azul", "blue", "蓝"),
    "colour.green": ("verde", "green", "绿"),
    "colour.yellow": ("amarillo", "yellow", "黄"),
    "colour.black": ("negro", "black", "黑"),
    # beats
    "beat.war": ("Guerra", "War", "战争"),
    "beat.crime": ("Crimen", "Crime", "犯罪"),
    "beat.city": ("Nueva York", "New York City", "纽约"),
    "beat.politics": ("Política", "Politics", "政治"),
    "beat.human": ("Condición humana", "Human Condition", "人间百态"),
    # live table
    "live.heading": ("Mesa en directo", "Live table", "实时桌面"),
    "live.no_camera": ("Esperando imagen de la cámara…", "Waiting for the camera…", "等待摄像头画面…"),
    "live.camera_lost": ("Cámara perdida: vuelve a conectarla. La partida sigue guardada.",
                         "Camera lost: plug it back in. The game is kept.",
                         "摄像头已断开：请重新插上。游戏进度已保存。"),
    "live.camera_back": ("Cámara de nuevo en marcha", "Camera back", "摄像头已恢复"),
    "live.camera_retry": ("Reintentar ahora", "Retry now", "立即重试"),
    "live.camera_mode": ("La cámara da {mode}, no {asked}: las etiquetas pequeñas pueden no leerse",
                         "The camera gives {mode}, not {asked}: small tags may not be read",
                         "摄像头只提供 {mode}，而不是 {asked}：小标签可能无法识别"),
    "live.beat_row": ("{beat}: flecha {arrow} · valor {news} · exclusiva {scoop} · bonus {bonus}",
                      "{beat}: arrow {arrow} · value {news} · scoop {scoop} · bonus {bonus}",
                      "{beat}：箭头 {arrow} · 新闻值 {news} · 独家值 {scoop} · 奖励 {bonus}"),
    "live.story": ("{story}", "{story}", "{story}"),
    "live.story_reporters": ("{story}: {reporters}", "{story}: {reporters}", "{story}：{reporters}"),
    "live.player_row": ("{name} ({paper}): {home} reporteros en casa · {points} de tirada",
                        "{name} ({paper}): {home} reporters home · circulation {points}",
                        "{name}（{paper}）：{home} 名记者在家 · 发行量 {points}"),
    "live.turn": ("Turno de {name}", "{name}'s turn", "轮到 {name}"),
    "live.edition": ("Ediciones impresas: {n}", "Papers printed: {n}", "已出版：{n} 期"),
    "live.final": ("Edición final", "Final edition", "最终版"),
    "live.finished": ("Partida terminada", "Game over", "游戏结束"),
    "live.last_action": ("Última acción: {text}", "Last action: {text}", "上一步：{text}"),
    "live.no_action": ("Aún no hay acciones", "No action yet", "尚无操作"),
    "live.adjust_heading": ("Ajustad el tablero", "Adjust the board", "请调整版图"),
    "live.adjust_none": ("Nada que mover", "Nothing to move", "无需调整"),
    "live.waiting": ("Sin partida", "No game", "无游戏"),
    "live.tags": ("{ok} etiquetas leídas, {bad} ilegibles", "{ok} tags read, {bad} unreadable",
                  "已识别 {ok} 个标签，{bad} 个无法识别"),
    "banner.setup": ("Poned las cartas de titular iniciales donde la cámara las vea",
                     "Lay out the initial headline cards where the camera sees them",
                     "把起始头条卡摆在摄像头看得到的地方"),
    "banner.over": ("Fin de la partida: gana {names}", "Game over: {names} wins", "游戏结束：{names} 获胜"),
    "banner.adjust.one": ("Ajustad el tablero: queda {n} cosa de la lista", "Adjust the board: {n} thing left on the list",
                          "请调整版图：清单上还剩 {n} 项"),
    "banner.adjust.other": ("Ajustad el tablero: quedan {n} cosas de la lista",
                            "Adjust the board: {n} things left on the list", "请调整版图：清单上还剩 {n} 项"),
    "banner.turn": ("{name}: pon reporteros en una noticia o ve a imprenta",
                    "{name}: put reporters on a story, or go to press", "{name}：派记者去一条新闻，或付印"),
    "banner.final_turn": ("{name}: edición final: ve a imprenta o pasa", "{name}: final edition: go to press or pass",
                          "{name}：最终版：付印或放弃"),
    "panel.score": ("{points} puntos", "{points} points", "{points} 分"),
    "panel.home.one": ("{n} reportero en casa", "{n} reporter home", "{n} 名记者在家"),
    "panel.home.other": ("{n} reporteros en casa", "{n} reporters home", "{n} 名记者在家"),
    "live.beat_head": ("{beat} · valor {news} · exclusiva {scoop}", "{beat} · value {news} · scoop {scoop}",
                       "{beat} · 新闻值 {news} · 独家值 {scoop}"),
    "live.camera_details": ("Detalles de la cámara", "Camera details", "摄像头详情"),
    "live.corrections": ("Correcciones activas", "Active corrections", "当前更正"),
    "live.results": ("Ver resultados", "See the results", "查看结果"),
    "adjust.arrow": ("Mueve la flecha de {beat} a {value}", "Move the {beat} arrow to {value}",
                     "把{beat}的箭头移到 {value}"),
    "adjust.bonus": ("Mueve el marcador de bonus de {beat} a {value}",
                     "Move the {beat} bonus marker to {value}", "把{beat}的奖励标记移到 {value}"),
    "adjust.place": ("Coloca {story} en la columna de {beat}", "Place {story} in the {beat} column",
                     "把新闻 {story} 放入{beat}栏"),
    "adjust.remove": ("Retira {story} del tablero", "Take {story} off the board",
                      "把新闻 {story} 从版图上拿走"),
    "adjust.ad": ("{colour}: pon un anuncio en tu portada, fila {row}, columna {col}",
                  "{colour}: put an ad on your front page, row {row}, column {col}",
                  "{colour}：在你的版面第 {row} 行第 {col} 列放一个广告"),
    "adjust.remove_ad": ("{colour}: retira el anuncio de tu portada", "{colour}: take the ad off your front page",
                         "{colour}：把广告从你的版面上拿走"),
    "adjust.to_pile": ("Devuelve {story} encima de su montón", "Put {story} back on top of its pile",
                       "把 {story} 放回牌堆顶"),
    "adjust.flip_arrows": ("Empieza la edición final: girad las flechas al lado rojo",
                           "The final edition begins: turn the arrows to their red side",
                           "最终版开始：把箭头翻到红色一面"),
    "adjust.newsboy": ("El repartidor pasa a {name}", "The newsboy goes to {name}", "报童交给 {name}"),
    "adjust.newsboy_aside": ("Apartad al repartidor", "Put the newsboy aside", "把报童放到一边"),
    "reason.too_small": ("demasiado pequeña", "too small", "太小"),
    "reason.blurred": ("borrosa", "blurred", "模糊"),
    "reason.glare": ("reflejo", "glare", "反光"),
    "reason.covered": ("tapada", "covered", "被遮挡"),
    "reason.garbled": ("dañada", "garbled", "损坏"),
    "reason.foreign": ("no es de este juego", "not from this game", "不属于本游戏"),
    "reason.unknown": ("ilegible", "unreadable", "无法识别"),
    "reason.unreadable": ("ilegible", "unreadable", "无法识别"),
    "reason.unknown_id": ("id desconocido", "unknown id", "未知编号"),
    "reason.unknown_marker": ("marcador desconocido", "unknown marker", "未知标记"),
    "reason.too_long": ("texto demasiado largo", "text too long", "内容过长"),
    "reason.other_game": ("de otro juego", "from another game", "来自其他游戏"),
    "level.info": ("Info", "Info", "提示"),
    "level.warning": ("Aviso", "Warning", "警告"),
    "level.error": ("Error", "Error", "错误"),
    # corrections
    "corr.heading": ("Corregir lo que vio la cámara", "Fix what the camera saw", "更正摄像头识别结果"),
    "corr.pick": ("Toca una noticia o una sección", "Tap a story or a beat", "点击一条新闻或一个栏目"),
    "corr.selected": ("Seleccionado: {what}", "Selected: {what}", "已选：{what}"),
    "corr.reporters_of": ("Reporteros {colour} en {story}", "{colour} reporters on {story}",
                          "{story} 上的{colour}记者"),
    "corr.set_reporters": ("Fijar reporteros", "Set reporters", "设定记者数"),
    "corr.add_story": ("Añadir noticia a {beat}", "Add story to {beat}", "向{beat}添加新闻"),
    "corr.remove_story": ("Quitar {story}", "Remove {story}", "移除 {story}"),
    "corr.undo": ("Deshacer", "Undo", "撤销"),
    "corr.done": ("Corrección guardada: {what}", "Correction saved: {what}", "更正已保存：{what}"),
    "corr.undone": ("Deshecho", "Undone", "已撤销"),
    "corr.nothing_to_undo": ("No hay nada que deshacer", "Nothing to undo", "没有可撤销的操作"),
    "corr.bad_story": ("«{story}» no es una noticia de Penny Press", "'{story}' is not a Penny Press story",
                       "“{story}”不是 Penny Press 的新闻"),
    "corr.bad_count": ("El número debe ir de 0 a {max}", "The number must be 0 to {max}",
                       "数字必须在 0 到 {max} 之间"),
    "corr.nothing_selected": ("Primero toca una noticia o sección", "Tap a story or beat first",
                              "请先点击一条新闻或一个栏目"),
    "corr.what.reporters.one": ("{n} reportero {colour} en {story}", "{n} {colour} reporter on {story}",
                                "{story} 上有 {n} 名{colour}记者"),
    "corr.what.reporters.other": ("{n} reporteros {colour} en {story}", "{n} {colour} reporters on {story}",
                                  "{story} 上有 {n} 名{colour}记者"),
    "corr.what.story_add": ("{story} está en {beat}", "{story} is in {beat}", "{story} 在{beat}栏"),
    "corr.what.story_remove": ("{story} no está en el tablero", "{story} is not on the board",
                               "{story} 不在版图上"),
    "corr.what.arrow": ("flecha de {beat} en {count}", "{beat} arrow at {count}", "{beat}箭头在 {count}"),
    "corr.n_reporters.one": ("{n} {colour}", "{n} {colour}", "{colour} {n}"),
    "corr.n_reporters.other": ("{n} {colour}", "{n} {colour}", "{colour} {n}"),
    "corr.you_said": ("Dijisteis: {what}", "You said: {what}", "你们说：{what}"),
    "corr.disputed": ("la cámara no lo ve y la partida siguió sin ello; quítala si está mal",
                      "the camera does not see it and the game went on without it; remove it if it is wrong",
                      "摄像头没看到，游戏已继续；如有误请移除"),
    "corr.removed": ("Corrección quitada", "Correction removed", "更正已移除"),
    "corr.remove": ("Quitar", "Remove", "移除"),
    "corr.list": ("Vuestras correcciones (se quitan solas cuando la cámara lo ve)",
                  "Your corrections (they go away once the camera sees it)",
                  "你们的更正（摄像头看到后自动移除）"),
    "corr.none": ("Ninguna corrección", "No corrections", "没有更正"),
    "corr.pick_colour": ("Elige un color", "Choose a colour", "请选择颜色"),
    "corr.reporters_here": ("Reporteros de ese color en la noticia", "Reporters of that colour on the story",
                            "该颜色在这条新闻上的记者"),
    "corr.save": ("Guardar corrección", "Save correction", "保存更正"),
    "corr.story_there": ("Está en el tablero", "It is on the board", "在版图上"),
    "corr.story_not_there": ("No está en el tablero", "It is not on the board", "不在版图上"),
    "corr.undo_what": ("Deshacer: {what}", "Undo: {what}", "撤销：{what}"),
    "corr.undo_ask": ("¿Deshacer {what}?", "Undo {what}?", "撤销 {what}？"),
    "corr.undo_also": ("También se deshace: {moves}", "This also takes back: {moves}", "同时撤回：{moves}"),
    "corr.your_correction": ("vuestra corrección «{what}»", "your correction “{what}”", "你们的更正“{what}”"),
    "ask.yes": ("Sí", "Yes", "是"),
    "ask.no": ("No", "No", "否"),
    # press
    "press.heading": ("A imprenta: {name}", "Go to press: {name}", "付印：{name}"),
    "press.player": ("Jugador", "Player", "玩家"),
    "press.claimed": ("Noticias reclamadas", "Claimed stories", "认领的新闻"),
    "press.none_claimed": ("Ninguna noticia reclamada", "No story claimed", "没有认领新闻"),
    "press.scoop": ("Puntos de exclusiva", "Scoop points", "独家得分"),
    "press.scoop_row": ("{name}: +{points}", "{name}: +{points}", "{name}：+{points}"),
    "press.suggested": ("Portada sugerida", "Suggested front page", "建议版面"),
    "press.yours": ("Tu portada", "Your front page", "你的版面"),
    "press.not_seen": ("Aún no se ve la portada en el tablero", "Front page not seen on the mat yet",
                       "尚未在玩家版面上看到头版"),
    "press.score": ("Puntos: {score}", "Score: {score}", "得分：{score}"),
    "press.left_out": ("Fuera: {stories}", "Left out: {stories}", "未放入：{stories}"),
    "press.exclusive": ("Exclusiva: {story}", "Exclusive: {story}", "独家：{story}"),
    "press.illegal": ("Portada no válida: {problem}", "Front page not legal: {problem}", "版面不合规：{problem}"),
    "press.print": ("Imprimir este periódico", "Print this paper", "打印这份报纸"),
    "press.latest": ("Tu último periódico", "Your latest paper", "你最新的报纸"),
    "press.choose": ("¿Quién va a imprenta?", "Who goes to press?", "谁付印？"),
    "line.placed": ("{story}: {points}", "{story}: {points}", "{story}：{points}"),
    "line.exclusive": ("Exclusiva (cuenta doble): {story} {points}", "Exclusive (counts twice): {story} {points}",
                       "独家（双倍）：{story} {points}"),
    "line.left-out": ("Fuera de la portada: {story} {points}", "Left out: {story} {points}", "未放入：{story} {points}"),
    "line.empty-top": ("Huecos en la fila de arriba: {points}", "Empty cells on the top row: {points}",
                       "顶行空格：{points}"),
    "line.empty-other": ("Otros huecos: {points}", "Other empty cells: {points}", "其他空格：{points}"),
    "line.floor": ("Nunca por debajo de 0: {points}", "Never below 0: {points}", "最低为 0：{points}"),
    "ask.print": ("¿Imprimir este periódico de {name}?", "Print this paper for {name}?", "为 {name} 打印这份报纸？"),
    "ask.decline": ("¿{name} no va a imprenta? No se puede deshacer.", "{name} does not go to press? This cannot be undone.",
                    "{name} 不付印？此操作无法撤销。"),
    "press.print_final": ("Imprimir clasificación", "Print the ranking", "打印排名"),
    "press.job": ("Impresión {state}: {message}", "Print {state}: {message}", "打印{state}：{message}"),
    "job.queued": ("en cola", "queued", "排队中"),
    "job.printing": ("en curso", "printing", "打印中"),
    "job.printed": ("hecha", "done", "已完成"),
    "job.failed": ("fallida", "failed", "失败"),
    "cell.ad": ("anuncio", "ad", "广告"),
    "cell.empty": ("", "", ""),
    # scores
    "scores.heading": ("Tirada", "Circulation", "发行量"),
    "scores.chart": ("Puntos a lo largo de la partida", "Scores over the game", "游戏过程中的得分"),
    "scores.axis": ("vertical: 0-{top} puntos · horizontal: {presses} impresiones",
                    "up: 0-{top} points · across: {presses} presses",
                    "纵轴：0-{top} 分 · 横轴：{presses} 次付印"),
    "scores.no_history": ("Aún no hay puntos", "No scores yet", "尚无得分"),
    "scores.ranking": ("Clasificación final", "Final ranking", "最终排名"),
    "scores.not_finished": ("La partida no ha terminado", "The game is not over", "游戏尚未结束"),
    "scores.rank_row": ("{place}. {name}: {circulation} + bonus {bonus} = {total}",
                        "{place}. {name}: {circulation} + bonus {bonus} = {total}",
                        "{place}. {name}：{circulation} + 奖励 {bonus} = {total}"),
    "scores.winner": ("ganador", "winner", "获胜"),
    "scores.bonus_detail": ("{beat} +{points}", "{beat} +{points}", "{beat} +{points}"),
    "scores.bonuses": ("Bonus por sección: {list}", "Beat bonuses: {list}", "栏目奖励：{list}"),
    "scores.no_bonus": ("Sin bonus de sección", "No beat bonus", "无栏目奖励"),
    "scores.new_game": ("Nueva partida con los mismos jugadores", "New game with the same players", "相同玩家开新局"),
    "scores.print_receipt": ("Imprimir el resultado final", "Print the final receipt", "打印最终结果"),
    "ask.new_game": ("¿Empezar una partida nueva con los mismos jugadores? Esta partida queda guardada.",
                     "Start a new game with the same players? This game stays saved.",
                     "与相同玩家开始新游戏？本局已保存。"),
    "ask.print_final": ("¿Imprimir el resultado final?", "Print the final receipt?", "打印最终结果？"),
    "scores.share": ("Guardar imagen para compartir", "Save a picture to share", "保存分享图片"),
    "scores.shared": ("Imagen guardada en {path}", "Picture saved to {path}", "图片已保存到 {path}"),
    "scores.export_json": ("Exportar JSON", "Export JSON", "导出 JSON"),
    "scores.bgstats": ("Enviar a BG Stats", "Send to BG Stats", "发送到 BG Stats"),
    "scores.exported": ("Guardado en {path}", "Saved to {path}", "已保存到 {path}"),
    "scores.link_ready": ("Enlace listo: {link}", "Link ready: {link}", "链接已生成：{link}"),
    # settings
    "set.heading": ("Ajustes", "Settings", "设置"),
    "set.printer_kind": ("Tipo de impresora", "Printer type", "打印机类型"),
    "printer.preview": ("Vista previa (PNG)", "Preview (PNG)", "预览（PNG）"),
    "printer.usb": ("USB", "USB", "USB"),
    "printer.network": ("Red", "Network", "网络"),
    "printer.file": ("Archivo/dispositivo", "File/device", "文件/设备"),
    "set.printer_target": ("Dirección o dispositivo", "Address or device", "地址或设备"),
    "set.profile": ("Perfil", "Profile", "型号配置"),
    "set.width": ("Ancho (puntos)", "Width (dots)", "宽度（点）"),
    "set.darkness": ("Oscuridad", "Darkness", "浓度"),
    "darkness.0": ("clara", "light", "浅"),
    "darkness.1": ("normal", "normal", "正常"),
    "darkness.2": ("oscura", "dark", "深"),
    "set.cut": ("Cortar papel", "Cut paper", "切纸"),
    "set.camera": ("Cámara", "Camera", "摄像头"),
    "set.tag_check": ("Comprobar tamaño de etiquetas", "Check tag size", "检查标签大小"),
    "set.min_module": ("Mínimo por módulo (px)", "Minimum per module (px)", "每模块最小像素"),
    "set.tag_report": ("{ok} bien, {small} pequeñas (la menor: {px} px por módulo)",
                       "{ok} fine, {small} small (smallest: {px} px per module)",
                       "{ok} 个合格，{small} 个太小（最小：每模块 {px} 像素）"),
    "set.tag_none": ("No se ve ninguna etiqueta", "No tag in view", "画面中没有标签"),
    "set.tag_advice": ("Acerca la cámara o usa etiquetas más grandes",
                       "Move the camera closer or use bigger tags", "请把摄像头移近或使用更大的标签"),
    "set.language": ("Idioma", "Language", "语言"),
    "set.save": ("Guardar", "Save", "保存"),
    "set.paper": ("Papel", "Paper", "纸宽"),
    "paper.384": ("58 mm", "58 mm", "58 毫米"),
    "paper.576": ("80 mm", "80 mm", "80 毫米"),
    "set.sound": ("Sonido", "Sound", "声音"),
    "sound.on": ("Con sonido", "Sound on", "开启声音"),
    "sound.off": ("Silencio", "Muted", "静音"),
    "cut.yes": ("Cortar", "Cut", "切纸"),
    "cut.no": ("No cortar", "Do not cut", "不切纸"),
    "set.camera_no": ("Cámara {n}", "Camera {n}", "摄像头 {n}"),
    "set.min_tag": ("Tamaño mínimo de etiqueta: {px} px por módulo", "Smallest tag size: {px} px per module",
                    "最小标签尺寸：每模块 {px} 像素"),
    "set.modes": ("Calidad de imagen de la cámara", "Camera picture quality", "摄像头画质"),
    "set.modes_find": ("Buscar las calidades de la cámara", "Find the camera's picture qualities", "查找摄像头画质"),
    "set.modes_none": ("No se pudo abrir la cámara", "The camera could not be opened", "无法打开摄像头"),
    "set.mode_fps": ("{size}, {fps} imágenes por segundo", "{size}, {fps} frames per second", "{size}，每秒 {fps} 帧"),
    "set.mode_default": ("4K si la cámara puede (recomendado)", "4K if the camera can (recommended)",
                         "摄像头支持时用 4K（推荐）"),
    "set.mode_asked": ("Elegida: {mode}", "Chosen: {mode}", "已选择：{mode}"),
    "set.mode_granted": ("La cámara da: {mode}", "The camera gives: {mode}", "摄像头实际：{mode}"),
    "err.camera_mode": ("Calidad de cámara no válida: elige otra", "Camera picture quality not valid: choose another",
                        "摄像头画质无效：请另选"),
    "set.saved": ("Ajustes guardados", "Settings saved", "设置已保存"),
    "err.width": ("Ancho {width} no válido: 384 (58 mm) o 576 (80 mm)",
                  "Width {width} not valid: 384 (58 mm) or 576 (80 mm)",
                  "宽度 {width} 无效：384（58 毫米）或 576（80 毫米）"),
    "err.darkness": ("Oscuridad de 0 a 2", "Darkness is 0 to 2", "浓度为 0 到 2"),
    "err.printer_target": ("Falta la dirección o el dispositivo de la impresora",
                           "The printer address or device is missing", "缺少打印机地址或设备"),
    "err.min_module": ("El mínimo por módulo va de 1 a 20 px", "Minimum per module is 1 to 20 px",
                       "每模块最小像素为 1 到 20"),
    # engine actions (last action on the live table)
    # observer reports (companion.observer; keys obs.<report key>)
    "obs.not_your_turn": ("se movieron reporteros de {others}, pero es el turno de {player}: devuélvelos",
                          "reporters of {others} moved, but it is {player}'s turn: put them back",
                          "{others} 的记者被移动了，但现在轮到 {player}：请放回原处"),
    "obs.assign_one_story": ("reporteros puestos en varias historias ({stories}); una asignación va a una sola",
                             "reporters were put on several stories ({stories}); one assign goes to one story",
                             "记者被放到多个新闻上（{stories}）；一次派遣只能派到一个新闻"),
    "obs.two_actions": ("en un turno se pusieron ({placed}) y se retiraron ({removed}) reporteros: una sola acción",
                        "reporters were placed ({placed}) and taken back ({removed}) in one turn: one action only",
                        "同一回合既派出（{placed}）又召回（{removed}）记者：每回合只能一个行动"),
    "obs.not_claimable": ("la portada de {name} lleva {stories}, que no puede reclamar",
                          "{name}'s front page holds {stories}, which {name} cannot claim",
                          "{name} 的头版上有 {stories}，但 {name} 不能认领"),
    "obs.press_in_progress": ("{name} va a imprenta: faltan por tomar del tablero {stories}",
                              "{name} is going to press: still to take from the board: {stories}",
                              "{name} 正在付印：还需从版图上取走 {stories}"),
    "obs.draw_card": ("roba una carta de titular y ponla boca arriba", "draw a headline card and lay it face up",
                      "抽一张头条卡并正面朝上放好"),
    "obs.two_cards": ("hay varias cartas de titular nuevas ({cards}); roba solo una",
                      "several new headline cards are on the table ({cards}); draw only one",
                      "桌上有多张新头条卡（{cards}）；只能抽一张"),
    "obs.pass_newsboy": ("{player} tiene al vendedor: no juega este turno; pásalo a {to}",
                         "{player} holds the newsboy: no action this turn; pass him to {to}",
                         "{player} 持有报童：本回合不能行动；把报童交给 {to}"),
    "obs.place_stories": ("{beat}: coloca {stories}", "{beat}: place {stories}", "{beat}：放置 {stories}"),
    "obs.extra_stories": ("{beat}: {stories} no debería estar en el tablero",
                          "{beat}: {stories} should not be on the board", "{beat}：{stories} 不应在版图上"),
    "obs.setup_cards": ("pon a la vista de la cámara las {wanted} cartas de titular iniciales ({seen} vistas)",
                        "lay out the {wanted} initial headline cards where the camera sees them ({seen} seen)",
                        "把 {wanted} 张起始头条卡摆在摄像头看得到的地方（已看到 {seen} 张）"),
    "obs.setup_cards_expected": ("las cartas iniciales deberían ser {expected}; en la mesa hay {seen}",
                                 "the initial headline cards should be {expected}; the table shows {seen}",
                                 "起始头条卡应为 {expected}；桌上是 {seen}"),
    "obs.first_move": ("preparación vista: el jugador inicial puede empezar", "setup seen: the first player may start",
                       "已看到开局摆放：起始玩家可以开始"),
    "obs.override_disputed": ("la cámara no ve lo que dijisteis y la partida siguió con lo que ve; quitad la corrección si está mal",
                              "the camera does not see what you said and the game went on with what it sees; remove the correction if it is wrong",
                              "摄像头没有看到你们更正的内容，游戏按它看到的继续；如更正有误请移除"),
    "obs.override_camera_agrees": ("la cámara ya lo ve: corrección quitada", "the camera sees it now: correction removed",
                                   "摄像头已看到：更正已移除"),
    "obs.override_moot": ("la noticia dejó el tablero: corrección quitada", "the story left the board: correction removed",
                          "新闻已离开版图：更正已移除"),
    "obs.override_moved_on": ("la mesa siguió sin la corrección: se deshizo con su jugada",
                              "the table moved on without the correction: it was taken back with its move",
                              "桌面没有按更正继续：更正及其操作已撤回"),
    "obs.override_set_aside": ("corrección quitada; estas jugadas ya no encajan y quedan aparte (el diario las guarda): {moves}",
                               "correction removed; these moves no longer fit and were set aside (the journal keeps them): {moves}",
                               "更正已移除；以下操作不再成立，已搁置（记录中仍保留）：{moves}"),
    "press.pass_turn": ("Paso mi último turno", "Pass my last turn", "我放弃最后一回合"),
    "ask.pass_turn": ("¿{name} pasa su último turno? La cámara no lo ve y no se puede deshacer.",
                      "{name} passes their last turn? The camera cannot see it and it cannot be undone.",
                      "{name} 放弃最后一回合？摄像头看不到此操作，且无法撤销。"),
    # camera events (ui.session: Message key "camera_*", re-worded after a switch)
    "obs.camera_lost": ("Cámara perdida: vuelve a conectarla. La partida sigue guardada.",
                        "Camera lost: plug it back in. The game is kept.",
                        "摄像头已断开：请重新插上。游戏进度已保存。"),
    "obs.camera_back": ("Cámara de nuevo en marcha", "Camera back", "摄像头已恢复"),
    "obs.camera_mode": ("La cámara da {mode}, no {asked}: las etiquetas pequeñas pueden no leerse",
                        "The camera gives {mode}, not {asked}: small tags may not be read",
                        "摄像头只提供 {mode}，而不是 {asked}：小标签可能无法识别"),
    "obs.camera_never_opened": ("No se pudo abrir la cámara {camera}: ¿está conectada y es el número correcto?",
                                "Camera {camera} could not be opened: is it connected, and is the number right?",
                                "无法打开摄像头 {camera}：是否已连接，编号是否正确？"),
    "obs.camera_gave_up.one": ("La cámara {camera} no volvió tras {n} intento: vuelve a conectarla y pulsa Reintentar",
                               "Camera {camera} did not come back after {n} try: plug it back in and tap Retry now",
                               "摄像头 {camera} 尝试 {n} 次后仍未恢复：请重新插上并点“立即重试”"),
    "obs.camera_gave_up.other": ("La cámara {camera} no volvió tras {n} intentos: vuelve a conectarla y pulsa Reintentar",
                                 "Camera {camera} did not come back after {n} tries: plug it back in and tap Retry now",
                                 "摄像头 {camera} 尝试 {n} 次后仍未恢复：请重新插上并点“立即重试”"),
    "obs.recording_unreadable": ("No se puede leer la grabación", "The recording cannot be read", "无法读取录像"),
    "press.decline": ("No ir a imprenta", "Do not go to press", "不付印"),
    "act.assign.one": ("{name} pone {n} reportero en {story}", "{name} puts {n} reporter on {story}",
                       "{name} 派 {n} 名记者到 {story}"),
    "act.assign.other": ("{name} pone {n} reporteros en {story}", "{name} puts {n} reporters on {story}",
                         "{name} 派 {n} 名记者到 {story}"),
    "act.recall.one": ("{name} retira {n} reportero de {stories}", "{name} recalls {n} reporter from {stories}",
                       "{name} 从 {stories} 召回 {n} 名记者"),
    "act.recall.other": ("{name} retira {n} reporteros de {stories}", "{name} recalls {n} reporters from {stories}",
                         "{name} 从 {stories} 召回 {n} 名记者"),
    "act.reassign": ("{name} mueve un reportero de {src} a {dst}", "{name} moves a reporter from {src} to {dst}",
                     "{name} 把一名记者从 {src} 调到 {dst}"),
    "act.press": ("{name} va a imprenta", "{name} goes to press", "{name} 付印"),
    "act.decline": ("{name} no va a imprenta", "{name} does not go to press", "{name} 不付印"),
    "act.newsboy": ("{name} pasa el repartidor", "{name} passes the newsboy", "{name} 传出报童"),
    "act.draw": ("Se roba el titular {card}", "Headline card {card} drawn", "抽出头条卡 {card}"),
    # texts of the scripted FakeSession (tests, screenshots, benchmark)
    "fake.assign": ("{name} pone {n} reportero(s) en {story}", "{name} puts {n} reporter(s) on {story}",
                    "{name} 派 {n} 名记者到 {story}"),
    "fake.press": ("{name} va a imprenta con {stories}", "{name} goes to press with {stories}",
                   "{name} 带着 {stories} 付印"),
    "fake.correction": ("Corrección: {what}", "Correction: {what}", "更正：{what}"),
    "fake.frame_title": ("Partida simulada (sin cámara)", "Scripted game (no camera)", "模拟游戏（无摄像头）"),
    "fake.frame_turn": ("Turno {n} de {total}", "Turn {n} of {total}", "第 {n} 回合，共 {total} 回合"),
    "fake.claim_tie": ("Empate en {story}: cuenta para los dos", "Tie on {story}: both claim it",
                       "{story} 平局：双方都可认领"),
    # engine refusals by kind (companion.errors.RuleError key/values; rule_error_text)
    "rule.generic": ("{section}: las reglas no lo permiten", "{section}: the rules do not allow this",
                     "{section}：规则不允许"),
    "rule.game_over": ("La partida ha terminado", "The game is over", "游戏已结束"),
    "rule.no_player": ("No hay jugador {seat} (los jugadores van de 1 a {n})",
                       "There is no player {seat} (players are 1 to {n})", "没有第 {seat} 位玩家（玩家为 1 至 {n}）"),
    "rule.not_your_turn": ("Es el turno de {who}, no de {other}", "It is {who}'s turn, not {other}'s",
                           "现在轮到 {who}，不是 {other}"),
    "rule.pp.draw_first": ("Antes de seguir hay que robar una carta de titular para {who}",
                           "A headline card must be drawn for {who} first", "需要先为 {who} 抽一张头条卡"),
    "rule.pp.final_presses_only": ("En las últimas impresiones solo se va a imprenta o se pasa",
                                   "In the final presses a player only goes to press or passes",
                                   "最后付印阶段只能付印或放弃"),
    "rule.pp.hold_newsboy": ("Tienes al repartidor: renuncia a tu acción y pásalo a tu derecha",
                             "You hold the newsboy: give up your action and pass him to your right",
                             "你持有报童：放弃本回合行动，把他交给右边的玩家"),
    "rule.pp.no_newsboy": ("No tienes al repartidor", "You do not hold the newsboy", "你没有报童"),
    "rule.pp.unknown_story": ("«{story}» no es una noticia del juego", "'{story}' is not a story of the game",
                              "“{story}”不是本游戏的新闻"),
    "rule.pp.not_on_board": ("{story} no está en el tablero", "{story} is not on the board", "{story} 不在版图上"),
    "rule.pp.assign_one": ("Pon al menos un reportero", "Assign at least one reporter", "至少派出一名记者"),
    "rule.pp.final_one_assign": ("En la edición final se pone un solo reportero",
                                 "In the final edition you assign a single reporter",
                                 "最终版中每次只能派一名记者"),
    "rule.pp.none_home": ("No te quedan reporteros en casa", "You have no reporters left at home",
                          "你家里已经没有记者了"),
    "rule.pp.too_few_home.one": ("Solo tienes {n} reportero en casa, no {want}",
                                 "You have only {n} reporter at home, not {want}", "你家里只有 {n} 名记者，不是 {want} 名"),
    "rule.pp.too_few_home.other": ("Solo tienes {n} reporteros en casa, no {want}",
                                   "You have only {n} reporters at home, not {want}", "你家里只有 {n} 名记者，不是 {want} 名"),
    "rule.pp.recall_one": ("Retira al menos un reportero", "Recall at least one reporter", "至少召回一名记者"),
    "rule.pp.final_one_recall": ("En la edición final se retira un solo reportero",
                                 "In the final edition you recall a single reporter",
                                 "最终版中每次只能召回一名记者"),
    "rule.pp.too_few_on_story.one": ("Tienes {n} reportero en {story}: no puedes retirar {want}",
                                     "You have {n} reporter on {story}: you cannot recall {want}",
                                     "你在 {story} 上有 {n} 名记者：不能召回 {want} 名"),
    "rule.pp.too_few_on_story.other": ("Tienes {n} reporteros en {story}: no puedes retirar {want}",
                                       "You have {n} reporters on {story}: you cannot recall {want}",
                                       "你在 {story} 上有 {n} 名记者：不能召回 {want} 名"),
    "rule.pp.same_story": ("El reportero tiene que ir a otra noticia", "The reporter must move to another story",
                           "记者必须调到另一条新闻"),
    "rule.pp.no_reporter_on": ("No tienes ningún reportero en {story}", "You have no reporter on {story}",
                               "你在 {story} 上没有记者"),
    "rule.pp.must_act": ("Hay que hacer una acción (poner, retirar, mover o ir a imprenta); pasar solo en la edición final",
                         "Take an action (assign, recall, reassign or go to press); passing is for the final edition only",
                         "必须行动（派出、召回、调动或付印）；只有最终版可以放弃"),
    "rule.pp.nothing_to_claim": ("No puedes ir a imprenta: no tienes ninguna noticia con al menos tantos reporteros como los demás",
                                 "You cannot go to press: no story where you have at least as many reporters as everyone else",
                                 "不能付印：没有一条新闻上你的记者不少于其他玩家"),
    "rule.pp.no_draw_final": ("En la edición final no se roban cartas de titular",
                              "No headline card is drawn in the final edition", "最终版不抽头条卡"),
    "rule.pp.draw_after_press": ("Solo se roba carta de titular justo después de ir a imprenta",
                                 "A headline card is drawn only right after a press", "只有付印后才抽头条卡"),
    "rule.pp.unknown_card": ("«{card}» no es una carta de titular", "'{card}' is not a headline card",
                             "“{card}”不是头条卡"),
    "rule.pp.card_used": ("La carta de titular {card} ya se usó", "Headline card {card} has been used already",
                          "头条卡 {card} 已经用过"),
    "rule.pp.ad_off_grid": ("El anuncio está fuera de la portada", "The ad is off the front page", "广告不在版面内"),
    "rule.pp.story_twice": ("Una noticia aparece dos veces", "A story is listed twice", "有一条新闻出现了两次"),
    "rule.pp.no_beat_value": ("Falta el valor de la sección {beat}", "The value of the {beat} beat is missing",
                              "缺少{beat}栏的新闻值"),
    "rule.pp.ad_moved": ("El anuncio no está en su casilla", "The ad is not on its cell", "广告不在它的格子里"),
    "rule.pp.not_claimed": ("{story} no se reclamó en esta impresión", "{story} was not claimed in this press",
                            "{story} 不是本次付印认领的新闻"),
    "rule.pp.placed_twice": ("{story} está colocada dos veces", "{story} is placed twice", "{story} 被放了两次"),
    "rule.pp.off_grid": ("{story} se sale de la portada", "{story} runs off the front page", "{story} 超出了版面"),
    "rule.pp.covers_ad": ("{story} tapa el anuncio", "{story} covers the ad", "{story} 盖住了广告"),
    "rule.pp.overlap": ("{story} se monta sobre otra noticia", "{story} overlaps another story",
                        "{story} 与另一条新闻重叠"),
    "rule.pp.top_row.one": ("Las noticias de {beats} van primero y tocando la fila de arriba: cabe {n}, hay {touching}",
                            "Stories of {beats} go first, touching the top row: {n} fits, {touching} do",
                            "{beats}的新闻必须优先放置并贴着顶行：可放 {n} 条，实际 {touching} 条"),
    "rule.pp.top_row.other": ("Las noticias de {beats} van primero y tocando la fila de arriba: caben {n}, hay {touching}",
                              "Stories of {beats} go first, touching the top row: {n} fit, {touching} do",
                              "{beats}的新闻必须优先放置并贴着顶行：可放 {n} 条，实际 {touching} 条"),
    # rule sections (RuleError.rule, "Game: section"), as the rulebooks name them
    "section.penny_press_setup": ("Penny Press: preparación", "Penny Press: setup", "Penny Press：准备"),
    "section.penny_press_how_to_play": ("Penny Press: cómo se juega", "Penny Press: how to play", "Penny Press：游戏流程"),
    "section.penny_press_assign_reporters": ("Penny Press: poner reporteros", "Penny Press: assign reporters",
                                             "Penny Press：派出记者"),
    "section.penny_press_recall_reporters": ("Penny Press: retirar reporteros", "Penny Press: recall reporters",
                                             "Penny Press：召回记者"),
    "section.penny_press_reassign_a_reporter": ("Penny Press: mover un reportero", "Penny Press: reassign a reporter",
                                                "Penny Press：调动记者"),
    "section.penny_press_go_to_press": ("Penny Press: ir a imprenta", "Penny Press: go to press", "Penny Press：付印"),
    "section.penny_press_drawing_headline_cards": ("Penny Press: robar cartas de titular",
                                                   "Penny Press: drawing headline cards", "Penny Press：抽头条卡"),
    "section.penny_press_final_edition": ("Penny Press: edición final", "Penny Press: final edition",
                                          "Penny Press：最终版"),
    "section.penny_press_newsboy_strike": ("Penny Press: huelga de repartidores", "Penny Press: newsboy strike",
                                           "Penny Press：报童罢工"),
    "section.penny_press_end_of_the_game": ("Penny Press: fin de la partida", "Penny Press: end of the game",
                                            "Penny Press：游戏结束"),
    "section.penny_press_building_the_front_page": ("Penny Press: montar la portada",
                                                    "Penny Press: building the front page", "Penny Press：排版头版"),
    "section.unknown": ("Reglas", "Rules", "规则"),
    "lang.es": ("Español", "Español", "Español"),
    "lang.en": ("English", "English", "English"),
    "lang.zh": ("中文", "中文", "中文"),
}

_INDEX = {lang: i for i, lang in enumerate(LANGS)}


def section_name(rule: str, lang: str) -> str:
    """A rule section (``RuleError.rule``, ``"Penny Press: Go to Press"``) in
    ``lang``; a section the table does not know is shown as "Rules"."""
    slug = re.sub(r"[^a-z0-9]+", "_", str(rule or "").lower()).strip("_")
    key = f"section.{slug}"
    return tr(key if key in TEXTS else "section.unknown", lang)


def _player_values(values: dict, lang: str) -> dict:
    """Values of a refusal or report worded for players: colour codes, story ids,
    beat codes (``beat``/``beats``) in ``lang``."""
    out = dict(values)
    for name, v in list(out.items()):
        if not isinstance(v, str):
            continue
        if name in ("beat", "beats") and all(f"beat.{b.strip()}" in TEXTS for b in v.split(",") if b.strip()):
            out[name] = ", ".join(beat(b.strip(), lang) for b in v.split(",") if b.strip())
        elif f"colour.{v}" in TEXTS:
            out[name] = person(v, lang) if name in _PERSONS else colour(v, lang)
        elif _story_shape(v) is not None:
            out[name] = story_name(v, lang)
        elif "," in v and all(_story_shape(x.strip()) for x in v.split(",")):
            out[name] = ", ".join(story_name(x.strip(), lang) for x in v.split(","))
    return out


#: Value names that stand for a player (a colour code there is a person: "Rojo").
_PERSONS = frozenset({"who", "other", "player", "to", "name"})


def rule_error_text(kind: str, values, rule: str, lang: str, detail: str = "") -> str:
    """An engine refusal (``RuleError.key``/``values``/``rule``) in ``lang``:
    ``rule.<kind>`` (CLDR plural form by ``values["n"]`` when the kind has
    ``.one``/``.other``), colours, stories and beats named for players; a kind
    the table lacks becomes "<section>: the rules do not allow this" in es/zh
    (never the engine's English sentence), the engine's ``detail`` in en."""
    vals = _player_values(dict(values or ()), lang)
    k = f"rule.{kind}" if kind else ""
    try:
        if k in TEXTS:
            return tr(k, lang, **vals)
        if k and f"{k}.other" in TEXTS:
            n = vals.pop("n")
            return trn(k, lang, n, **vals)
    except (KeyError, IndexError, ValueError, TypeError):
        pass
    if lang == "en" and detail:
        return detail[:1].upper() + detail[1:]
    return tr("rule.generic", lang, section=section_name(rule, lang))


def error_text(exc: BaseException, lang: str) -> str:
    """An error for the players in ``lang``: ``exc.key`` (with ``exc.values``) when
    the table has ``err.<key>``; an engine refusal (RuleError) by its kind
    (:func:`rule_error_text`); else the error's own text."""
    from companion.errors import RuleError

    if isinstance(exc, RuleError):
        return rule_error_text(exc.key, exc.values, exc.rule, lang, exc.detail)
    key = getattr(exc, "key", None)
    if key and f"err.{key}" in TEXTS:
        try:
            values = dict(getattr(exc, "values", {}) or {})
            if f"colour.{values.get('colour')}" in TEXTS:
                values["colour"] = colour(values["colour"], lang)
            return tr(f"err.{key}", lang, **values)
        except (KeyError, IndexError, ValueError):
            pass
    return str(exc)


def report_text(key: str, params, lang: str, fallback: str) -> str:
    """An observer report (``obs.<key>``) in ``lang``; colour and story values are
    named for players; ``fallback`` when the key is not in the table."""
    k = f"obs.{key}"
    if key == "illegal":  # an engine refusal: by its kind, never its English sentence
        values = dict(params or ())
        rule = values.pop("section", "")
        detail = str(values.pop("detail", "") or fallback)
        values.pop("action", None)
        return rule_error_text(values.pop("kind", ""), values, rule, lang, detail)
    if not key or (k not in TEXTS and f"{k}.other" not in TEXTS):
        return fallback
    values = _player_values(dict(params or ()), lang)
    try:
        if k not in TEXTS:  # plural forms: key.one / key.other by the CLDR category of n
            n = values.pop("n")
            return trn(k, lang, n, **values)
        return tr(k, lang, **values)
    except (KeyError, ValueError, IndexError, TypeError):
        return fallback


def check_lang(lang: str) -> str:
    """Return ``lang`` if supported, else raise ValueError naming es, en, zh."""
    if lang not in _INDEX:
        raise ValueError(f"language {lang!r} not available; choose one of {', '.join(LANGS)}")
    return lang


def tr(key: str, lang: str, **values: object) -> str:
    """The text of ``key`` in ``lang`` with ``{name}`` placeholders filled.

    Raises KeyError for an unknown key, ValueError for an unknown language.
    """
    return TEXTS[key][_INDEX[check_lang(lang)]].format(**values)


def placeholders(text: str) -> set[str]:
    """The ``{names}`` used in ``text``."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def code_for(prefix: str, label: str, lang: str, codes) -> str:
    """The code whose text ``tr(prefix + code, lang)`` is ``label`` (a spinner shows
    texts, the program keeps codes); a label that is already a code, or the text in
    another language (a spinner not yet refreshed after a switch), is accepted;
    anything else raises ValueError."""
    for code in codes:
        if label == code or label == tr(f"{prefix}{code}", lang):
            return code
    for code in codes:
        if any(label == tr(f"{prefix}{code}", other) for other in LANGS):
            return code
    raise ValueError(f"{label!r} is none of {', '.join(codes)}")


def beat(b: str, lang: str) -> str:
    return tr(f"beat.{b}", lang)


def person(name: str, lang: str) -> str:
    """A player as named on screen: the given name, or (no name given: the
    session puts the colour code there) the colour in ``lang``, capitalised."""
    if f"colour.{name}" in TEXTS:
        text = colour(name, lang)
        return text[:1].upper() + text[1:]
    return name


def colour(c: str, lang: str) -> str:
    return tr(f"colour.{c}", lang)


def story_name(story: str, lang: str, headline: bool = True) -> str:
    """A story as players name it (never its id): headline, beat, size in cells
    and stars, e.g. ``"Bank vault found empty · Crime 1×2 ★★"``. Unknown ids are
    returned as given."""
    shape = _story_shape(story)
    if shape is None:
        return story
    b, w, h, stars = shape
    text = f"{beat(b, lang)} {w}×{h} {'★' * stars}"
    if headline:
        from printing.i18n import headlines_for

        text = f"{headlines_for([story], lang)[story]} · {text}"
    return text


_SHAPES: dict[str, tuple[str, int, int, int]] = {}


def _story_shape(story: str):
    if not _SHAPES:
        from companion.games.penny_press import load_catalog

        cat = load_catalog()
        for sid, st in cat.stories.items():
            w, h = cat.shapes[st.shape][:2]  # (width, height, column spaces)
            _SHAPES[sid] = (st.beat, w, h, st.stars)
    return _SHAPES.get(story)


def plural(n: int, lang: str) -> str:
    """The CLDR plural category of ``n`` in ``lang`` (Babel): ``one``/``other``..."""
    from babel import Locale

    return Locale.parse(check_lang(lang)).plural_form(n)


def trn(key: str, lang: str, n: int, **values: object) -> str:
    """``tr`` of ``key.<plural category of n>`` (falling back to ``key.other``),
    with ``n`` among the values: "1 reportero", "2 reporteros" (CLDR rules)."""
    cat = plural(n, lang)
    k = f"{key}.{cat}" if f"{key}.{cat}" in TEXTS else f"{key}.other"
    return tr(k, lang, n=n, **values)


def reason(r: str | None, lang: str) -> str:
    """Localised unreadable reason; unknown reasons are shown as given."""
    key = f"reason.{r or 'unknown'}"
    return tr(key, lang) if key in TEXTS else str(r)
