/** Help-centre topics of the demo brand. HTML is sanitised by the client before it is rendered. */
export const demoHelpTopics = {
  EN: [
    {
      term: 'about',
      title: 'About us',
      content:
        '<p>Arcadia Demo is a showcase brand of the Arcadia platform: casino, slots, live games, sports, e-sports, fishing, lottery and card games in one account.</p><p>Every game is provably fair and every balance movement is recorded in a double-entry ledger you can review in your account record.</p>',
    },
    {
      term: 'deposit',
      title: 'Deposits',
      content:
        '<h3>How to deposit</h3><ol><li>Log in and open <strong>Deposit</strong> from the header or the side menu.</li><li>Choose a payment channel and enter the amount within its limits.</li><li>Follow the channel instructions. Your balance updates as soon as the payment is confirmed.</li></ol><p>Deposits are credited in the brand currency. Keep your payment reference until the deposit shows in your account record.</p>',
    },
    {
      term: 'withdrawal',
      title: 'Withdrawals',
      content:
        '<h3>How to withdraw</h3><ol><li>Set a payment password in the security centre.</li><li>Open <strong>Withdraw</strong>, enter the amount and your payment password.</li><li>The amount is held while the request is reviewed; a rejected request returns it to your balance in full.</li></ol><p>After a payout, please confirm whether you received it. A payout you do not confirm within the stated time counts as received.</p>',
    },
    {
      term: 'account',
      title: 'Account and security',
      content:
        '<ul><li>Use a password of at least 8 characters that you use nowhere else.</li><li>Your payment password protects withdrawals and point redemptions: never share it.</li><li>Logging in from a new device or network may ask for an extra verification code.</li><li>Log out on shared devices. Changing your password ends every other session.</li></ul>',
    },
    {
      term: 'responsible-gaming',
      title: 'Responsible gaming',
      content:
        '<p>Play for entertainment, never to make money. Set yourself a budget and a time limit before you play, and stop when you reach either. You must be of legal age to play.</p><h3>Your tools</h3><p>Open <strong>Security Center</strong> in your member centre and find <strong>Responsible gaming</strong>:</p><ul><li><strong>Deposit limits</strong> for a day, a week and a month (the last 24 hours, 7 days and 30 days). A lower limit applies at once; a higher one, or removing a limit, only after 24 hours. A deposit above what your limit leaves is refused and shows what is left.</li><li><strong>Loss and wager limits</strong> for the same periods and by the same rule: a bet that would take your losses (stakes less winnings) or your total stakes past the limit is refused, in every game, the lottery and the sportsbook.</li><li><strong>Reality check</strong>: a reminder every 15 minutes to 2 hours with the time you have played and your result.</li><li><strong>Cool-off</strong>: a pause from 24 hours to 6 weeks.</li><li><strong>Self-exclusion</strong>: a break from 6 months to 5 years, or for good.</li></ul><p>During a cool-off or a self-exclusion you cannot deposit, open a game, bet or sit at a card room, and games you have open stop taking bets. You can still log in and withdraw your balance, and we send you no promotions. A break cannot be shortened or lifted, by you or by our support team; you may make it longer.</p><p>If gaming stops being fun, talk to customer service at any time.</p>',
    },
    {
      term: 'terms',
      title: 'Terms and conditions',
      content:
        '<p>By opening an account you confirm that you are of legal age, that the information you give is true, and that you hold one account only.</p><p>Bets are final once accepted. Obvious errors in a game or a price may be voided and the stake returned. The brand may ask for proof of identity before paying a withdrawal.</p>',
    },
    {
      term: 'privacy',
      title: 'Privacy policy',
      content:
        '<p>We keep the information needed to run your account: your login details, contact details, transactions and bets. Passwords are stored only as one-way hashes.</p><p>We do not sell your data. You may ask customer service for a copy of the data we hold about you.</p>',
    },
    {
      term: 'contact',
      title: 'Contact us',
      content:
        '<p>Customer service answers around the clock through the live chat in the side menu. Professional consulting for agents is available Monday to Friday, from noon to 9 pm.</p>',
    },
  ],
  ZH: [
    {
      term: 'about',
      title: '关于我们',
      content:
        '<p>Arcadia 演示站是 Arcadia 平台的展示品牌：真人、电子、体育、电竞、捕鱼、彩票与棋牌，一个账户全部畅玩。</p><p>所有游戏均可验证公平，每一笔资金变动都记录在复式记账的账本中，您可以在账户记录中查看。</p>',
    },
    {
      term: 'deposit',
      title: '存款说明',
      content:
        '<h3>如何存款</h3><ol><li>登录后，从页头或侧边菜单打开<strong>存款</strong>。</li><li>选择支付渠道，并在其限额内输入金额。</li><li>按照渠道提示完成支付，付款确认后余额即时更新。</li></ol><p>存款以品牌币种入账。请保留付款凭证，直至该笔存款出现在您的账户记录中。</p>',
    },
    {
      term: 'withdrawal',
      title: '取款说明',
      content:
        '<h3>如何取款</h3><ol><li>先在安全中心设置取款密码。</li><li>打开<strong>取款</strong>，输入金额与取款密码。</li><li>审核期间该金额会被冻结；若申请被拒绝，将全额退回您的余额。</li></ol><p>出款后请确认是否到账。超过规定时间未确认的出款，视为已到账。</p>',
    },
    {
      term: 'account',
      title: '账户与安全',
      content:
        '<ul><li>请使用至少 8 位、且未在其他地方使用过的密码。</li><li>取款密码用于保护取款与积分兑换，切勿告诉他人。</li><li>从新设备或新网络登录时，可能需要额外的验证码。</li><li>在公共设备上请记得登出。修改密码会结束其他所有会话。</li></ul>',
    },
    {
      term: 'responsible-gaming',
      title: '责任博彩',
      content:
        '<p>游戏是为了娱乐，而不是赚钱。开始前请为自己设定预算与时间上限，达到任一上限即停止。您必须达到法定年龄方可游戏。</p><h3>您的工具</h3><p>在会员中心打开<strong>安全中心</strong>，找到<strong>责任博彩</strong>：</p><ul><li><strong>存款限额</strong>：按日、周、月（最近 24 小时、7 天、30 天）设定。调低限额立即生效；调高或取消限额需等待 24 小时。超出剩余额度的存款会被拒绝，并显示剩余额度。</li><li><strong>亏损与投注限额</strong>：同样按日、周、月设定，规则相同；会使您的亏损（投注额减去派彩）或投注总额超出限额的投注，在所有游戏、彩票和体育中都会被拒绝。</li><li><strong>现实提醒</strong>：每 15 分钟至 2 小时提醒您已游戏的时间与输赢。</li><li><strong>冷静期</strong>：暂停 24 小时至 6 周。</li><li><strong>自我禁止</strong>：暂停 6 个月至 5 年，或永久。</li></ul><p>冷静期或自我禁止期间，您无法存款、打开游戏、下注或入座棋牌房间，已打开的游戏也将停止接受下注。您仍可登录并提取余额，我们也不会向您发送优惠信息。暂停期不能由您或客服缩短或解除，但可以延长。</p><p>如果游戏不再带来乐趣，请随时联系客服。</p>',
    },
    {
      term: 'terms',
      title: '条款与规则',
      content:
        '<p>开立账户即表示您确认已达法定年龄、所提供的信息真实，并且只持有一个账户。</p><p>注单一经接受即为最终结果。游戏或赔率出现明显错误时，相关注单可能作废并退还本金。品牌在支付取款前可能要求您提供身份证明。</p>',
    },
    {
      term: 'privacy',
      title: '隐私政策',
      content:
        '<p>我们只保存运营您的账户所需的信息：登录信息、联系方式、交易与投注记录。密码仅以单向哈希形式保存。</p><p>我们不会出售您的数据。您可以联系客服索取我们所持有的关于您的数据副本。</p>',
    },
    {
      term: 'contact',
      title: '联系我们',
      content:
        '<p>客服通过侧边菜单中的在线客服全天候为您服务。代理专业咨询时间为周一至周五，中午 12 点至晚上 9 点。</p>',
    },
  ],
};
